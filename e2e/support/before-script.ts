import type { Page } from "@playwright/test";
import type { Account } from "./fixtures";
import { finishSignIn } from "./second-factor";

/**
 * A slow line, made certain: signs `account` in (as the signIn fixture does), then opens `path` with the
 * page's scripts held back, so the page is only its server's HTML until `release()` lets them come.
 */
export async function openBeforeScript(page: Page, account: Account, path: string): Promise<() => void> {
  const response = await page.request.post("/api/auth/login", { data: { email: account.email, password: account.password, next: path } });
  if (!response.ok()) throw new Error(`sign-in of ${account.email} failed: ${response.status()} ${await response.text()}`);
  await finishSignIn(page.request, (await response.json()) as { redirectTo: string }, account, { next: path });
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  return release;
}
