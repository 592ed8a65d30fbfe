import { accounts, expect, test } from "./support/fixtures";

test("logout shows the wait text, clears the session after 1.5 s and returns to /login @phone", async ({ page, context, signIn }) => {
  await signIn(accounts.admin2);
  const sessionBefore = (await context.cookies()).find((c) => c.name === "portal_session");
  expect(sessionBefore).toBeDefined();

  await page.getByRole("link", { name: "Logout" }).click();
  await expect(page.getByText("Logging you out. Please wait")).toBeVisible();
  const started = Date.now();
  await page.waitForURL("**/login");
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_200);
  expect((await context.cookies()).find((c) => c.name === "portal_session")).toBeUndefined();

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?next=/);

  // A copy of the old cookie is worthless at once: the session ended at the API, access token included.
  await context.addCookies([sessionBefore as NonNullable<typeof sessionBefore>]);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});

test("opening /logout by link prefetch does not log anyone out; only the page's POST does", async ({ page, request, signIn }) => {
  await signIn(accounts.admin1);
  // A GET of the logout page (what a prefetch or crawler does) leaves the session alone.
  const cookies = await page.context().cookies();
  const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const response = await request.get("/logout", { headers: { cookie: cookieHeader } });
  expect(response.status()).toBe(200);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
});
