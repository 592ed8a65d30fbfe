import type { Locator } from "@playwright/test";
import { billingMessages } from "../lib/contract/billing-values";
import { offlinePageMessage, offlineSaveMessage } from "../lib/contract/page-messages";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { expectFitsScreen } from "./support/fits-screen";
import { fakeMapsPlaces } from "./support/maps";
import { bornYearsAgo, pupilsNamed, registerRows, schoolWithClasses } from "./support/pupils";
import { registerThroughApi } from "./support/registering";
import { stamp } from "./support/stamp";

/*
 * Issue 34, item 7, 'Loops that do not close': each everyday task ends somewhere that leads on. After an
 * admission the register shows the number given; the search typed survives a save; a save made offline
 * says so in the portal's words, as does a link followed offline; the payment return page and Group moves
 * offer a way on; the dashboard's figures open their lists; a new district's owner sees first steps.
 */

const AREA = "/administration/user-management/student-management";
const REGISTER = `${AREA}/admission-register`;

/** The student form's fields, for a Primary 2 pupil of Lagos. */
async function fillPupil(form: Locator, p: { firstName: string; lastName: string; school: string }) {
  await form.getByLabel("First name").fill(p.firstName);
  await form.getByLabel("Last name").fill(p.lastName);
  await form.getByLabel("Gender").selectOption("Female");
  await form.getByRole("textbox", { name: "Date of birth" }).fill(bornYearsAgo(7));
  await form.getByLabel("School", { exact: true }).selectOption({ label: p.school });
  await form.getByLabel("State of origin").selectOption("Lagos");
  await expect(form.getByLabel("Local government of origin")).toHaveValue("Ikorodu");
  await form.getByLabel("State of residence").selectOption("Lagos");
  await form.getByLabel("Local government of residence").selectOption("Kosofe");
  await form.getByRole("combobox", { name: "Address" }).fill("14 School Road, Ketu");
  await form.getByLabel("Guardian's name").fill(`Ngozi ${p.lastName}`);
  await form.getByLabel("Relationship to the pupil").selectOption("Mother");
  await form.getByLabel("Guardian's phone number", { exact: true }).fill("8039876543");
}

test("an admission shows its number, the register keeps its search across a save, and offline the portal says so @phone @writes", async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(120_000);
  const seed = stamp();
  const { districtId, school } = await schoolWithClasses(seed, ["Primary 2"]);
  const lastName = `Loop${seed}`;
  await fakeMapsPlaces(page);
  await signIn(accounts.admin2);

  // A search typed in the register, then an admission from there.
  await page.goto(REGISTER);
  await page.getByLabel("Search students").fill(lastName);
  await page.waitForURL((url) => url.searchParams.get("searchTerm") === lastName);
  await page.getByRole("link", { name: "Admit a student" }).click();
  const form = page.getByRole("form", { name: "New student" });
  await fillPupil(form, { firstName: "Amaka", lastName, school: school.name });
  await form.getByRole("button", { name: "Save student" }).click();
  await expect(page.getByText("Student Created Successfully")).toBeVisible();

  // The register it lands on says which number the pupil was given, and still holds the search.
  await page.waitForURL((url) => url.pathname === REGISTER && url.searchParams.get("searchTerm") === lastName);
  const [admitted] = await pupilsNamed(districtId, lastName);
  if (!admitted) throw new Error("the new pupil is not in the district");
  const notice = page.getByRole("status").filter({ hasText: "was admitted with admission number" });
  await expect(notice).toContainText(`Amaka ${lastName} was admitted with admission number ${admitted.admissionNumber}.`);
  await expect(page.getByLabel("Search students")).toHaveValue(lastName);
  await expect(registerRows(page)).toHaveText([`Amaka ${lastName}`]);
  await expectNoSeriousA11yViolations(page);
  await expectFitsScreen(page);

  // Its record, edited; offline, neither the way back nor the save leaves the page, and both say why in the portal's words.
  await notice.getByRole("link", { name: "Open their record" }).click();
  await expect(page.getByRole("heading", { name: `Amaka ${lastName}` })).toBeVisible();
  await page.getByRole("button", { name: "Edit student record" }).click();
  const edit = page.getByRole("form", { name: "Edit student record" });
  await edit.getByLabel("Guardian's name").fill(`Chidi ${lastName}`);
  await context.setOffline(true);
  await edit.getByRole("button", { name: "Save student record" }).click();
  await expect(page.getByText(offlineSaveMessage)).toBeVisible();
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);
  await expect(page).toHaveURL(/student-record\?id=/);
  await expectNoSeriousA11yViolations(page);
  await context.setOffline(false);

  // Back online the same save goes through and returns to the register as it was left: the search kept.
  await edit.getByRole("button", { name: "Save student record" }).click();
  await expect(page.getByText("Student Updated Successfully")).toBeVisible();
  await page.waitForURL((url) => url.pathname === REGISTER && url.searchParams.get("searchTerm") === lastName);
  await expect(page.getByLabel("Search students")).toHaveValue(lastName);
  await expect(registerRows(page)).toHaveText([`Amaka ${lastName}`]);
  // The notice of the admission is shown once, not after every save.
  await expect(page.getByText("was admitted with admission number")).toHaveCount(0);

  // A link followed offline stays on the page with the portal's message, not the browser's error page.
  await context.setOffline(true);
  await page.getByRole("link", { name: `Amaka ${lastName}` }).click();
  await expect(page.getByText(offlinePageMessage)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${REGISTER}\\?searchTerm=`));
  await expect(page.getByRole("heading", { name: "Admission register" })).toBeVisible();
  await context.setOffline(false);
});

test("the payment return page, Group moves and the registers' statuses lead on in words @phone", async ({ page, signIn }) => {
  await signIn(accounts.admin1);

  // A payment the provider does not know: the page says so and offers the way back to the wallet.
  await page.goto(`/administration/billing/wallet/return?reference=loops-${stamp()}`);
  await expect(page.getByText(billingMessages.unknownPayment)).toBeVisible();
  const back = page.getByRole("link", { name: "Back to the wallet" });
  await expect(back).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectFitsScreen(page);
  await back.click();
  await page.waitForURL((url) => url.pathname === "/administration/billing/wallet");

  // Group moves: a move starts where pupils are selected, the admission register.
  await page.goto(`${AREA}/moves`);
  const start = page.getByRole("link", { name: "Start a move" });
  await expect(start).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectFitsScreen(page);
  await start.click();
  await page.waitForURL((url) => url.pathname === REGISTER);

  // A status is said in words where the register offers it, never as the stored ResetPassword.
  await page.goto("/administration/user-management/staff-management");
  await expect(page.locator('option[value="ResetPassword"]')).toHaveText("Must set a password");
});

test("the dashboard's figures open their lists, and a new district's owner sees first steps @phone @stack @writes", async ({ page, signIn }, testInfo) => {
  test.setTimeout(150_000);
  await signIn(accounts.admin1);
  const figures = page.getByRole("region", { name: "District figures" });
  await expect(figures.getByRole("link")).toHaveCount(5);
  // District 1 has schools, staff and pupils: no first steps.
  await expect(page.getByRole("heading", { name: "First steps" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await figures.getByRole("link", { name: /^Students/ }).click();
  await page.waitForURL((url) => url.pathname === REGISTER);
  await page.goto("/dashboard");
  await figures.getByRole("link", { name: /^Schools/ }).click();
  await page.waitForURL((url) => url.pathname === "/administration/school-management");

  // A district just approved: its owner's dashboard is all zeros, and says what to do first.
  const { owner, districtId } = await registerThroughApi(testInfo.project.name, "8");
  const approved = await districtApi("POST", `/super-admin/registrations/${districtId}/approve`, await apiToken(accounts.superAdmin));
  expect(approved.status, await approved.text()).toBe(200);
  await apiToken(owner); // sets up the owner's two-step sign-in, whose codes the sign-in below then gives
  await signIn(owner);
  await page.goto("/dashboard");
  const steps = page.getByRole("region", { name: "First steps" });
  await expect(steps).toBeVisible();
  for (const step of ["Add a school", "Add staff", "Upload pupils", "Fund the report-card wallet"])
    await expect(steps.getByRole("link", { name: step })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectFitsScreen(page);
  await steps.getByRole("link", { name: "Add a school" }).click();
  await page.waitForURL((url) => url.pathname === "/administration/school-management");
});
