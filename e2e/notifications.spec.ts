import type { NotificationPage } from "../lib/contract/notification-values";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { apiJson } from "./support/district-admin";
import { expectFitsScreen } from "./support/fits-screen";
import { accounts, apiToken, expect, test } from "./support/fixtures";
import { districtApiUrl } from "./support/ports";
import { stamp } from "./support/stamp";

/**
 * The notification bell (issue: the notification bell): an upload checked while the administrator was away
 * shows on the bell when a page opens, is listed when the bell is opened, and is read from then on.
 */
async function uploadSchools(token: string, names: string[]): Promise<string> {
  const csv = ["School name,Description,Address,Local government,Category", ...names.map((n) => `${n},,5 Bell Road,Agege,Primary`)].join("\r\n");
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "schools.csv");
  const response = await fetch(`${districtApiUrl}/school/upload-multiple`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { importId: string }).importId;
}

test("a checked upload rings the bell; opening it lists the news and marks it read @demo @phone @writes", async ({ page, signIn }) => {
  const token = await apiToken(accounts.admin1);
  const importId = await uploadSchools(token, [`Bell School ${stamp()}`, `Bell School ${stamp()}`, `Bell School ${stamp()}`]);
  // A token of its own for each look: the suite's access tokens are short-lived, and a slow run outlives the first.
  const ours = async () =>
    (await apiJson<NotificationPage>(await apiToken(accounts.admin1), "/notifications?limit=50")).notifications.find(
      (n) => "importId" in n.data && n.data.importId === importId,
    );
  expect((await ours())?.readAt).toBeNull();

  await signIn(accounts.admin1);
  const bell = page.getByRole("button", { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId("unread-badge")).toBeVisible();
  // The badge beside the bell keeps the button's name true to what it shows.
  await expectNoSeriousA11yViolations(page);
  await bell.click();
  const dialog = page.getByRole("dialog", { name: "Notifications" });
  const list = dialog.getByRole("list", { name: "Notifications, newest first" });
  await expect(list.getByText("Your upload of 3 schools has been checked and is ready to create.").first()).toBeVisible();
  await expect(list.getByRole("link", { name: "Open the list" }).first()).toBeVisible();
  await expectFitsScreen(page);
  await expectNoSeriousA11yViolations(page);
  // Seen, so read: the server keeps it so, and the bell no longer counts it.
  await expect.poll(async () => (await ours())?.readAt ?? null).not.toBeNull();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("with nothing new, the bell says so @smoke", async ({ page, signIn }) => {
  await signIn(accounts.admin2);
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const dialog = page.getByRole("dialog", { name: "Notifications" });
  // A deployment's administrator may have news; the demo's has none until something happens.
  await expect(dialog.getByRole("list", { name: "Notifications, newest first" }).or(dialog.getByText("You have no notifications."))).toBeVisible();
});
