import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { expectColumnsInView, expectWithinWindow } from "./support/in-view";
import { admit, bornYearsAgo, lagosToday, pupilBody, pupilsNamed, schoolWithClasses } from "./support/pupils";
import { stamp } from "./support/stamp";

// At 360 px every register and log shows each of its columns without scrolling sideways (its rows drawn as
// cards), and what acts on a selection, and a move's Undo, are in sight where the rows are. Measured with
// the elements' boxes, as the phone-width checks do.

const STAFF = "/administration/user-management/staff-management";
const STUDENTS = "/administration/user-management/student-management";

/** Ten digits of the seed's own (a hash, so two runs do not collide). */
function phoneOf(seed: string) {
  let hash = 0;
  for (const char of seed) hash = (hash * 131 + char.charCodeAt(0)) % 100_000_000;
  return `82${String(hash).padStart(8, "0")}`;
}

async function newStaff(token: string, seed: string, lastName: string) {
  const response = await districtApi("POST", "/staff/create", token, {
    title: "Mrs",
    firstName: "Tolu",
    lastName,
    gender: "Female",
    dob: bornYearsAgo(35),
    oracleNumber: `OR-T${seed}`,
    tescomNumber: `TS-T${seed}`,
    phoneNumber: phoneOf(seed),
    email: `tables.${seed.toLowerCase()}@staff.example.org`,
    address: "3 Posting Road",
    countryOfOrigin: "Nigeria",
    stateOfOrigin: "Lagos",
    localGovernmentOfOrigin: "Ikorodu",
    countryOfResidence: "Nigeria",
    stateOfResidence: "Lagos",
    localGovernmentOfResidence: "Ikorodu",
    staffType: "Teaching",
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { staff: { id: string } }).staff.id;
}

/** Scrolls the page so the table's last row is at the bottom of the window, as a thumb leaves it after ticking down a list. */
async function scrollToLastRow(page: Page, table: ReturnType<Page["getByRole"]>) {
  await table
    .locator("tbody tr")
    .filter({ has: page.getByRole("checkbox") })
    .last()
    .scrollIntoViewIfNeeded();
}

test.describe("tables on a phone", () => {
  test("registers, transfers, group moves and classes show every column at 360 px; the selection's action and Undo stay in sight @demo @phone @writes", async ({
    page,
    signIn,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone-360", "measures the phone's layout");
    const seed = stamp();
    const token = await apiToken(accounts.admin2);
    const { districtId, school, classes } = await schoolWithClasses(seed, ["Primary 5", "Primary 6"]);
    const lastName = `Narrow${seed}`;
    for (const [i, firstName] of ["Ada", "Bayo", "Chidi"].entries())
      await admit(
        token,
        pupilBody({ firstName, lastName, gender: i === 0 ? "Female" : "Male", dob: bornYearsAgo(11), schoolId: school.id, classId: classes["Primary 5A"] }),
      );
    const staffId = await newStaff(token, seed, lastName);
    const transferred = await districtApi("POST", "/staff/staff-transfer/", token, {
      staffIds: [staffId],
      destination: { kind: "school", schoolId: school.id },
      effectiveDate: lagosToday(),
      reason: `Posted to the new school ${seed}`,
    });
    expect(transferred.status, await transferred.clone().text()).toBe(201);
    await signIn(accounts.admin2);

    // The staff register: each column of a row in sight; the last row ticked, 'Transfer selected' is in sight too.
    await page.goto(STAFF);
    const staffTable = page.getByRole("table", { name: /^Staff, page 1/ });
    await expectColumnsInView(staffTable, ["Name", "Staff type", "Posting", "Phone", "E-mail", "Account status"]);
    await expectFitsScreen(page);
    await expectNoSeriousA11yViolations(page);
    // The register has settled (its rows and counts loaded) before a thumb scrolls down it.
    await page.waitForLoadState("networkidle");
    await scrollToLastRow(page, staffTable);
    await staffTable.getByRole("checkbox").last().check();
    await expect(page.getByText("1 selected")).toBeVisible();
    await expectWithinWindow(page.getByRole("link", { name: "Transfer selected" }), "Transfer selected");
    await expectWithinWindow(staffTable.getByRole("checkbox", { checked: true }), "the ticked row's box");

    // The admission register: the same, with 'Move selected'.
    await page.goto(`${STUDENTS}/admission-register?searchTerm=${lastName}`);
    const pupilTable = page.getByRole("table", { name: /^Students, page 1/ });
    await expect(pupilTable.getByRole("rowheader")).toHaveCount(3);
    await expectColumnsInView(pupilTable, ["Admission number", "Name", "Gender", "School", "Class", "Date of admission", "Status"]);
    await expectFitsScreen(page);
    await scrollToLastRow(page, pupilTable);
    await pupilTable.getByRole("checkbox").last().check();
    await expectWithinWindow(page.getByRole("link", { name: "Move selected" }), "Move selected");

    // A group move of them, made through the API: in the list, every column and its Undo in sight.
    const foundStudents = await pupilsNamed(districtId, lastName);
    // A token of its own: the suite's access tokens live six seconds, and the first is long spent by now.
    const moved = await districtApi("POST", "/student/move", await apiToken(accounts.admin2), {
      studentIds: foundStudents.map((s) => s.id),
      toSchoolId: school.id,
      toClassId: classes["Primary 6A"],
    });
    expect(moved.status, await moved.clone().text()).toBe(201);
    await page.goto(`${STUDENTS}/moves`);
    const moveTable = page.getByRole("table", { name: "Group moves of pupils, newest first" });
    await expectColumnsInView(moveTable, ["Made", "By", "Pupils", "To", "Status"], 1);
    const undo = moveTable.getByRole("row").filter({ hasText: school.name }).getByRole("button", { name: /^Undo/ });
    await undo.scrollIntoViewIfNeeded();
    await expectWithinWindow(undo, "Undo");
    await expectFitsScreen(page);
    await expectNoSeriousA11yViolations(page);

    // The transfers list, filtered to the new school: its one transfer with every column.
    await page.goto(`${STAFF}/list-staff-transfer?school=${school.id}`);
    const transfers = page.getByRole("table", { name: "Staff transfers, newest first" });
    await expect(transfers.getByText(`Posted to the new school ${seed}`)).toBeVisible();
    await expectColumnsInView(transfers, ["Made", "Effective", "By", "Reason", "Staff", "Moves"], 1);
    const viewMoves = transfers.getByRole("button", { name: /^View moves/ });
    await viewMoves.scrollIntoViewIfNeeded();
    await expectWithinWindow(viewMoves, "View moves");
    await expectFitsScreen(page);
    await expectNoSeriousA11yViolations(page);

    // Classes.
    await page.goto("/administration/classes");
    const classTable = page.getByRole("table", { name: /^Classes, page/ });
    await expectColumnsInView(classTable, ["Name", "School", "Class type", "Arm", "Class teacher", "Capacity", "Pupils"]);
    await expectFitsScreen(page);
  });

  test("schools, LGEAs, roles and the audit trail fit a phone @demo @phone", async ({ page, signIn }, testInfo) => {
    test.skip(testInfo.project.name !== "phone-360", "measures the phone's layout");
    await signIn(accounts.admin1);
    for (const path of [
      "/administration/school-management",
      "/administration/lga-management",
      "/administration/user-management/permission-management",
      "/administration/audit",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectFitsScreen(page);
    }
  });
});
