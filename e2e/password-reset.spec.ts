import { accounts, expect, latestMailedCode, signInThroughForm, test } from "./support/fixtures";

test("a forgotten password is reset with the e-mailed 6-digit code, then used to sign in @phone @stack @writes", async ({ page }, testInfo) => {
  // Each project resets its own account, so the desktop and phone runs do not race.
  const email = testInfo.project.name === "desktop" ? "ngozi.obi@example.org" : "zainab.umar@example.org";
  const newPassword = `Fresh#${Date.now() % 100000}Pw`;

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
  const requestedAt = Date.now();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset code" }).click();
  await expect(page.getByText("Reset Code Has Been Sent To Your Email")).toBeVisible();
  await page.waitForURL("**/password/update-password-otp**");
  const code = await latestMailedCode(email, requestedAt);

  // Weak password: the spec's rule message.
  await page.getByLabel("New password", { exact: true }).fill("weak");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Min. 8 characters with at least one capital letter, a number and a special character.").first()).toBeVisible();

  // Paste the code into the first box: all six fill.
  const first = page.getByLabel("Digit 1 of 6");
  await first.focus();
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData("text", value);
    document.activeElement?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
  await expect(page.getByLabel("Digit 6 of 6")).toHaveValue(code.charAt(5));

  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password Updated Successfully")).toBeVisible();
  await page.waitForURL("**/login");

  await signInThroughForm(page, { email, password: newPassword });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a wrong code is refused with a clear message @demo @writes", async ({ page, signIn }) => {
  const email = "chidi.onyema@example.org";
  await page.goto("/password/forgot");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset code" }).click();
  await page.waitForURL("**/password/update-password-otp**");
  for (let i = 1; i <= 6; i++) await page.getByLabel(`Digit ${i} of 6`).fill(String(i % 10));
  await page.getByLabel("New password", { exact: true }).fill("Another#Pass1");
  await page.getByLabel("Confirm new password").fill("Another#Pass1");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("The reset code is wrong or has expired.", { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/update-password-otp/);
  // The old password still works.
  await signIn(accounts.teacher(email));
});
