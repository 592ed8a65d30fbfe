import type { StudentRecord } from "../lib/contract/students";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { accounts, apiToken, districtApi, expect, test } from "./support/fixtures";
import { expectFitsScreen } from "./support/fits-screen";
import { admit, bornYearsAgo, pupilBody, pupilsNamed, recordOf, registerRows, schoolWithClasses, updateBody } from "./support/pupils";
import { stamp } from "./support/stamp";

// A group move of pupils: selected in the register, moved to another class, found in the list of moves and undone.

const AREA = "/administration/user-management/student-management";
const REGISTER = `${AREA}/admission-register`;

// District 2 throughout (district 1's dashboard figures are other tests'); every run makes its own school,
// classes and pupils, named with its own stamp, since the desktop and phone projects run @phone tests side by side.

test.describe("students", () => {
  test("move two pupils to another class from the register, find the move in the list and undo it; a stale undo is refused @demo @phone @writes", async ({
    page,
    signIn,
  }) => {
    const seed = stamp();
    const { districtId, school, classes } = await schoolWithClasses(seed, ["Primary 5", "Primary 6"]);
    const from = classes["Primary 5A"] ?? "";
    const to = classes["Primary 6A"] ?? "";
    const lastName = `Mover${seed}`;
    const token = await apiToken(accounts.admin2);
    const pupils: StudentRecord[] = [];
    for (const [i, firstName] of ["Ife", "Obi"].entries())
      pupils.push(
        await admit(token, pupilBody({ firstName, lastName, gender: i === 0 ? "Female" : "Male", dob: bornYearsAgo(11), schoolId: school.id, classId: from })),
      );
    const classesNow = async () => (await pupilsNamed(districtId, lastName)).map((s) => s.class?.id);

    await signIn(accounts.admin2, { next: `${REGISTER}?searchTerm=${lastName}` });
    await expect(registerRows(page)).toHaveCount(2);
    await page.getByLabel("Select every student listed").check();
    await expect(page.getByText("2 selected")).toBeVisible();
    await page.getByRole("link", { name: "Move selected" }).click();

    await expect(page.getByRole("heading", { name: "Move pupils" })).toBeVisible();
    await expect(page.getByText("2 pupils selected for this move.")).toBeVisible();
    await page.getByLabel("New school").selectOption(school.id);
    await page.getByLabel("New class").selectOption(to);
    await page.getByRole("button", { name: "Review" }).click();
    const review = page.getByRole("region", { name: "Review" });
    await expect(review.getByText("2 pupils move.")).toBeVisible();
    for (const p of pupils) {
      const line = review.getByRole("row").filter({ hasText: `${p.firstName} ${lastName}` });
      await expect(line).toContainText(`Primary 5A, ${school.name}`);
      await expect(line).toContainText(`Primary 6A, ${school.name}`);
    }
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
    await page.getByRole("button", { name: "Confirm move" }).click();
    const dialog = page.getByRole("dialog", { name: `Move 2 pupils to Primary 6A, ${school.name}?` });
    await dialog.getByRole("button", { name: "Move pupils" }).click();
    await expect(page.getByText("Students Moved Successfully")).toBeVisible();
    await page.waitForURL((url) => url.pathname === `${AREA}/moves`);
    await expect(page.getByRole("heading", { name: "Group moves" })).toBeVisible();
    expect(await classesNow()).toEqual([to, to]);

    // The move in the list, undone after a confirmation: both pupils back in their class.
    const moveRow = page
      .getByRole("row")
      .filter({ hasText: school.name })
      .filter({ has: page.getByRole("button", { name: /^Undo/ }) });
    await expect(moveRow).toHaveCount(1);
    await expect(moveRow).toContainText("2 pupils");
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
    await moveRow.getByRole("button", { name: /^Undo/ }).click();
    await page.getByRole("dialog", { name: "Undo the move of 2 pupils?" }).getByRole("button", { name: "Undo move" }).click();
    await expect(page.getByText("Move Undone Successfully")).toBeVisible();
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: school.name })
        .filter({ hasText: /Undone/ }),
    ).toHaveCount(1);
    expect(await classesNow()).toEqual([from, from]);

    // The selection went with the move.
    await page.goto(`${REGISTER}?searchTerm=${lastName}`);
    await expect(registerRows(page)).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Move selected" })).toHaveCount(0);

    // A second move, then a pupil changed through the API after the list was read: Undo is refused with its reason.
    const moved = await districtApi("POST", "/student/move", await apiToken(accounts.admin2), {
      studentIds: pupils.map((p) => p.id),
      toSchoolId: school.id,
      toClassId: to,
    });
    expect(moved.status, await moved.clone().text()).toBe(201);
    await page.goto(`${AREA}/moves`);
    const second = page
      .getByRole("row")
      .filter({ hasText: school.name })
      .filter({ has: page.getByRole("button", { name: /^Undo/ }) });
    await expect(second).toHaveCount(1);
    const first = pupils[0];
    if (!first) throw new Error("no pupil to change");
    const current = await recordOf(first.id);
    const changed = await districtApi("PATCH", `/student/update/${first.id}`, await apiToken(accounts.admin2), {
      ...updateBody(current),
      address: "2 Changed Road",
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    await second.getByRole("button", { name: /^Undo/ }).click();
    await page.getByRole("dialog", { name: "Undo the move of 2 pupils?" }).getByRole("button", { name: "Undo move" }).click();
    await expect(
      page.getByText("This move can no longer be undone: it is more than a day old, already undone, or some of its pupils have changed since."),
    ).toBeVisible();
    expect(await classesNow()).toEqual([to, to]);
  });
});
