import { accounts, expect, test } from "./support/fixtures";

// Editing the profile, logo and images is in district-three.spec.ts, on the district nobody else edits.
test("staff without district.update see the profile read-only @demo @phone", async ({ page, signIn }) => {
  await signIn(accounts.teacher("babatunde.adeyemi@example.org"), { next: "/dashboard/district" });
  await expect(page.getByRole("heading", { name: "Education District profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save details" })).toHaveCount(0);
  await expect(page.getByText("Education District I", { exact: true }).first()).toBeVisible();
});
