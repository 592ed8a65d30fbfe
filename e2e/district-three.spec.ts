import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { apiJson } from "./support/district-admin";
import { loadedWidth, pngFile } from "./support/images";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";

/**
 * The third demo district is changed here, and only here: its status and requirements (the content
 * rule) and its name and images (the district profile). The tests run one after the other, so neither
 * sees the other's half-done change.
 */
test.describe.configure({ mode: "serial" });

/** The third district's administrator (the demo's password and two-step secret for administrators); read in a test, where the account getter may skip it. */
const admin3 = () => ({ email: "admin.ed3@example.org", password: accounts.admin1.password, totpSecret: accounts.admin1.totpSecret });

type Profile = { district: { id: string; name: string; version: number; address: string | null; phoneNumbers: string[]; emails: string[] } };

async function choose(page: Page, button: string, files: Awaited<ReturnType<typeof pngFile>>[]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: button }).click();
  await (await chooser).setFiles(files);
}

async function crop(page: Page, title: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByRole("img", { name: "Your chosen file" })).toBeVisible();
  await dialog.getByRole("button", { name: "Use this picture" }).click();
  await expect(dialog).toBeHidden();
}

test("the content rule: missing requirements, then review, then the page, moved by a super administrator @demo @writes", async ({ page, browser, signIn }) => {
  const admin = await browser.newPage();
  await signIn(accounts.superAdmin, { page: admin });
  const panel = admin.getByRole("article", { name: "Education District III" });
  const status = panel.getByLabel("Account status");
  // Saved before the page is reloaded: the notice alone can be an earlier change's, still on screen (the first change to Active).
  const changeStatus = async (to: string) => {
    const saved = admin.waitForResponse((r) => r.url().endsWith("/account-status") && r.request().method() === "PATCH");
    await status.selectOption(to);
    expect((await saved).ok()).toBe(true);
    await expect(admin.getByText(`Education District III is now ${to}.`).last()).toBeVisible();
  };

  // Start from Active with nothing missing.
  await status.selectOption("Active");
  await expect(status).toHaveValue("Active");
  await signIn(admin3());
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  // A missing district requirement closes the portal.
  const description = `Submit the staff census ${Date.now()}`;
  await panel.getByLabel("New requirement").fill(description);
  await panel.getByRole("button", { name: "Add requirement" }).click();
  await expect(panel.getByRole("checkbox", { name: description })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Missing requirements" })).toBeVisible();
  const table = page.getByRole("region", { name: "District requirements" });
  await expect(table.getByRole("row", { name: new RegExp(description) })).toContainText("Uncompleted");
  await table.getByRole("button", { name: "About district requirements" }).click();
  await expect(page.getByRole("dialog", { name: "District requirements" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expectNoSeriousA11yViolations(page);

  // Completed: open again. Unverified: the review notice. Active: open.
  await panel.getByRole("checkbox", { name: description }).click(); // saved first, then shown checked
  await expect(panel.getByRole("checkbox", { name: description })).toBeChecked();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await changeStatus("Unverified");
  await page.reload();
  await expect(page.getByText("The information you provided is being reviewed.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  await changeStatus("Active");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await admin.close();
});

// A super administrator works on the third demo district, so the other tests' districts keep their names.
test("the district profile: details, logo and images, with the staff reloaded after each change @demo @writes", async ({ page, signIn }) => {
  await signIn(accounts.superAdmin, { next: "/super-admin/switch-district" });
  await page.getByRole("button", { name: "Switch to Education District III", exact: true }).click();
  await page.waitForURL("**/dashboard");
  await page.goto("/dashboard/district");
  await expect(page.getByRole("heading", { name: "Education District profile" })).toBeVisible();
  const details = page.getByRole("form", { name: "Education District details" });
  await expect(details.getByLabel("Education District name")).toHaveValue("Education District III");
  await expectNoSeriousA11yViolations(page);

  await details.getByLabel("Education District name").fill("Education District Three");
  await details.getByLabel("Address").fill("7 Broad Street, Lagos Island");
  const phone = details.getByRole("textbox", { name: "Phone numbers" });
  await phone.fill("803123");
  await expect(details.getByRole("button", { name: "Add to Phone numbers" })).toBeDisabled();
  await phone.fill("8031234567");
  await details.getByRole("button", { name: "Add to Phone numbers" }).click();
  await expect(details.getByRole("listitem").filter({ hasText: "+2348031234567" })).toBeVisible();
  await details.getByRole("textbox", { name: "E-mails" }).fill("not-an-email");
  await details.getByRole("textbox", { name: "E-mails" }).press("Enter");
  await expect(details.getByText("E-mail must be valid")).toBeVisible();
  await details.getByRole("textbox", { name: "E-mails" }).fill("Office@ED3.example.org");
  await details.getByRole("textbox", { name: "E-mails" }).press("Enter");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("District Profile Updated Successfully")).toBeVisible();
  // The signed-in staff is reloaded: the top bar has the new name at once.
  await expect(page.getByTestId("top-bar-district")).toHaveText("Education District Three");

  await choose(page, "Change the education district logo", [await pngFile("logo.png", "#0b6e4f")]);
  await crop(page, "Crop: Logo");
  await expect(page.getByText("District Logo Updated Successfully")).toBeVisible();
  const drawerLogo = page.getByRole("complementary", { name: "Main menu" }).getByRole("img", { name: "Education District Three logo" });
  await expect.poll(() => drawerLogo.evaluate(loadedWidth)).toBeGreaterThan(0);

  await choose(page, "Set image 2", [await pngFile("two.png", "#8e44ad")]);
  await crop(page, "Crop: Image 2");
  await expect(page.getByText("District Image added Successfully")).toBeVisible();
  await expect.poll(() => page.getByRole("img", { name: "Image 2", exact: true }).evaluate(loadedWidth)).toBeGreaterThan(0);

  // Several at once fill the empty slots first: images 1 and 3.
  await choose(page, "Upload several images", [await pngFile("a.png", "#e67e22"), await pngFile("b.png", "#16a085")]);
  await crop(page, "Crop: Image 1");
  await crop(page, "Crop: Image 3");
  await expect(page.getByText("District Images Uploaded Successfully")).toBeVisible();
  await expect.poll(() => page.getByRole("img", { name: "Image 3", exact: true }).evaluate(loadedWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("img", { name: "Image 4: none yet" })).toBeVisible();

  await choose(page, "Set image 4", [{ name: "four.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") }]);
  await expect(page.getByText("four.gif: Only PNG or JPEG images are accepted.")).toBeVisible();

  // Stored as the page says; then the demo name goes back.
  const token = await apiToken(accounts.superAdmin);
  const districtId = (await apiJson<{ districts: { id: string; name: string }[] }>(token, "/super-admin/districts")).districts.find(
    (d) => d.name === "Education District Three",
  )?.id;
  expect(districtId).toBeTruthy();
  const { district } = await apiJson<Profile>(token, `/district/view/${districtId}`);
  expect(district).toMatchObject({ address: "7 Broad Street, Lagos Island", emails: ["admin.ed3@example.org", "office@ed3.example.org"] });
  expect(district.phoneNumbers).toContain("+2348031234567");
  const back = await districtApi("PATCH", `/district/update/${district.id}`, token, {
    name: "Education District III",
    address: district.address,
    phoneNumbers: district.phoneNumbers,
    emails: district.emails,
    version: district.version,
  });
  expect(back.status).toBe(200);
});
