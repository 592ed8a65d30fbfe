import { expectNoSeriousA11yViolations } from "./support/axe";
import { accounts, apiToken, billingApi, districtApi, expect, test } from "./support/fixtures";

/** Keys a super administrator issues to a district's result-processing system, which buys report cards with them. */
test.describe("API keys for result-processing systems", () => {
  test("a super administrator issues a key, shown once, that buys report cards until revoked @demo @writes", async ({ page, signIn }) => {
    const admin2 = await apiToken(accounts.admin2);
    const me = (await (await districtApi("GET", "/auth/me", admin2)).json()) as { staff: { district: { id: string; name: string } } };
    const schools = (await (await districtApi("GET", "/school/search?limit=1", admin2)).json()) as { foundSchools: { id: string }[] };
    const schoolId = schools.foundSchools[0]?.id;
    if (!schoolId) throw new Error("district 2 has no school");
    const name = `E2E results system ${Date.now()}`;

    await signIn(accounts.superAdmin, { next: "/super-admin/api-keys" });
    await page.getByLabel("District", { exact: true }).selectOption(me.staff.district.id);
    await page.getByLabel("System name").fill(name);
    await page.getByRole("button", { name: "Issue a key" }).click();
    const shown = page.getByRole("dialog", { name: "The new API key" });
    const key = ((await shown.getByTestId("issued-api-key").textContent()) ?? "").trim();
    expect(key.length).toBeGreaterThan(30);
    await expectNoSeriousA11yViolations(page);
    await shown.getByRole("button", { name: "I have copied it" }).click();
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);

    // District 2's wallet is empty: the key is accepted, and the charge refused for the balance (nothing charged).
    const charge = (idempotencyKey: string) =>
      billingApi(
        "POST",
        "/service/report-card-charge",
        null,
        { schoolId, academicSession: "2026/2027", term: "First Term", idempotencyKey },
        { "x-api-key": key },
      );
    const accepted = await charge(`e2e-${Date.now()}`);
    expect([200, 402], await accepted.clone().text()).toContain(accepted.status);

    await page.getByRole("listitem").filter({ hasText: name }).getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke the key" }).click();
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: name })
        .getByText(/^Revoked/),
    ).toBeVisible();
    const refused = await charge(`e2e-${Date.now()}-revoked`);
    expect(refused.status).toBe(401);
  });
});
