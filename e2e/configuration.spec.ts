import { configurationMessages, koboToNaira, type AcademicTerm } from "../lib/contract/configuration-values";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";

/**
 * The district configuration, on district 2 (district 1's is left as seeded for whatever reads it).
 * Only the first test saves (it is not @phone, so it runs once), and it puts the values back at the end;
 * the others change nothing.
 */
const PAGE = "/administration/configuration";

type Configuration = {
  academicSession: string;
  terms: AcademicTerm[];
  reportCardPrice: number;
  admissionNumberPattern: string;
  lowBalanceThreshold: number;
  pupilTeacherThreshold: number;
  version: number;
};

async function configurationOf(token: string): Promise<Configuration> {
  const response = await districtApi("GET", "/district-configuration/get", token);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { configuration: Configuration }).configuration;
}

/** The day before a YYYY-MM-DD day. */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

test.describe("district configuration", () => {
  test("change the report-card price, a term date and the pupil–teacher threshold, save, and find them after a reload @writes", async ({ page, signIn }) => {
    const original = await configurationOf(await apiToken(accounts.admin2));
    const firstTerm = original.terms[0];
    if (!firstTerm) throw new Error("the configuration has no first term");
    // Harmless values: a price 1.25 naira away, the first term ending a day earlier (still after it starts).
    const price = original.reportCardPrice === 61_525 ? 61_650 : 61_525;
    const endDate = dayBefore(firstTerm.endDate);
    const threshold = original.pupilTeacherThreshold === 35 ? 36 : 35;
    const THRESHOLD = "Pupil–teacher threshold (pupils per teacher)";
    try {
      await signIn(accounts.admin2, { next: "/administration" });
      await page.getByRole("link", { name: "Configuration", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Configuration", exact: true })).toBeVisible();
      const form = page.getByRole("form", { name: "District configuration" });
      await expect(form.getByLabel("Academic session")).toHaveValue(original.academicSession);
      await expect(form.getByLabel("Report-card price per pupil per term (₦)")).toHaveValue(koboToNaira(original.reportCardPrice));
      await expect(form.getByRole("textbox", { name: "First Term end date" })).toHaveValue(firstTerm.endDate);
      await expect(form.getByText(`Version ${original.version}`)).toBeVisible();
      await expect(form.getByLabel(THRESHOLD)).toHaveValue(String(original.pupilTeacherThreshold));
      await expect(form.getByLabel(THRESHOLD)).toHaveAccessibleDescription(
        new RegExp(`^Saved: ${original.pupilTeacherThreshold}\\. The statistics list first`),
      );
      await expectNoSeriousA11yViolations(page);

      // Outside its bounds, the threshold is refused on its field before anything is sent.
      await form.getByLabel(THRESHOLD).fill("5");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(form.getByText(configurationMessages.pupilTeacherRange)).toBeVisible();
      await expect(form.getByLabel(THRESHOLD)).toHaveAttribute("aria-invalid", "true");
      await form.getByLabel(THRESHOLD).fill(String(threshold));

      await form.getByLabel("Report-card price per pupil per term (₦)").fill(koboToNaira(price));
      await form.getByRole("textbox", { name: "First Term end date" }).fill(endDate);
      await form.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Updated Configurations Successfully")).toBeVisible();
      // Still on the page, with the saved values and the next version.
      await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
      await expect(form.getByText(`Version ${original.version + 1}`)).toBeVisible();
      await expect(form.getByLabel("Report-card price per pupil per term (₦)")).toHaveValue(koboToNaira(price));
      await expect(form.getByLabel(THRESHOLD)).toHaveValue(String(threshold));

      await page.reload();
      const reloaded = page.getByRole("form", { name: "District configuration" });
      await expect(reloaded.getByLabel("Report-card price per pupil per term (₦)")).toHaveValue(koboToNaira(price));
      await expect(reloaded.getByRole("textbox", { name: "First Term end date" })).toHaveValue(endDate);
      await expect(reloaded.getByLabel(THRESHOLD)).toHaveValue(String(threshold));
      await expect(reloaded.getByText(`Version ${original.version + 1}`)).toBeVisible();
      // Suite tokens live a few seconds: a fresh one after the browser steps.
      expect(await configurationOf(await apiToken(accounts.admin2))).toMatchObject({
        reportCardPrice: price,
        pupilTeacherThreshold: threshold,
        version: original.version + 1,
      });
    } finally {
      // Put the values back, at whatever version the configuration is now.
      const token = await apiToken(accounts.admin2);
      const { version } = await configurationOf(token);
      const { version: _read, ...values } = original;
      const restored = await districtApi("PATCH", "/district-configuration/update", token, { ...values, version });
      expect(restored.status, await restored.clone().text()).toBe(200);
    }
  });

  test("a term date outside the session is refused on its field, and nothing is saved @phone", async ({ page, signIn }) => {
    const token = await apiToken(accounts.admin2);
    const before = await configurationOf(token);
    const first = Number(before.academicSession.slice(0, 4));
    await signIn(accounts.admin2, { next: PAGE });
    const form = page.getByRole("form", { name: "District configuration" });
    await expect(form.getByLabel("Academic session")).toHaveValue(before.academicSession);
    // Nothing wider than the screen (360 px in the phone project).
    await expectFitsScreen(page);

    // 20 August comes before the session's 1 September.
    const start = form.getByRole("textbox", { name: "First Term start date" });
    await start.fill(`${first}-08-20`);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Validation failed: Please ensure all fields are filled correctly.")).toBeVisible();
    await expect(form.getByText(configurationMessages.termOutsideSession)).toBeVisible();
    await expect(start).toHaveAttribute("aria-invalid", "true");
    await expect(start).toHaveAccessibleDescription(configurationMessages.termOutsideSession);
    await expectNoSeriousA11yViolations(page);
    // The first test may save meanwhile (the projects run side by side), but never this day.
    expect((await configurationOf(await apiToken(accounts.admin2))).terms[0]?.startDate).not.toBe(`${first}-08-20`);
  });

  test("staff without the permission are told so @demo", async ({ page, signIn }) => {
    await signIn(accounts.teacher("kelechi.okeke@example.org"), { next: PAGE });
    await expect(page.getByText(/permission/i).first()).toBeVisible();
    await expect(page.getByRole("form", { name: "District configuration" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  });
});
