import { routes } from "../lib/routes";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { accounts, expect, test } from "./support/fixtures";
import { fakeMapsPlaces } from "./support/maps";
import { pupilsNamed, recordOf, schoolWithClasses } from "./support/pupils";
import { stamp } from "./support/stamp";

// Issue 34, items 3 and 6: the admission form takes a phone and a date as people in Nigeria type them and
// keeps them normalised; a refused submit leads to the first field to correct and names the fields.

const AREA = "/administration/user-management/student-management";

test.describe("local formats", () => {
  test("admit a pupil with the guardian's phone typed 08034445566 and the date of birth 14/05/1972; a refused save focuses the first invalid field @phone @writes", async ({
    page,
    signIn,
  }) => {
    const seed = stamp();
    const { districtId, school } = await schoolWithClasses(seed, ["Primary 2"]);
    const lastName = `Local${seed}`;

    await fakeMapsPlaces(page);
    await signIn(accounts.admin2, { next: `${AREA}/new-student` });
    const form = page.getByRole("form", { name: "New student" });
    const dob = form.getByRole("textbox", { name: "Date of birth" });
    const phone = form.getByLabel("Guardian's phone number", { exact: true });

    // Every field right but two: the date of birth near the top, typed as eight digits (either order could be
    // meant), and a phone missing a digit, near the Save button.
    await form.getByLabel("First name").fill("Adaeze");
    await form.getByLabel("Last name").fill(lastName);
    await form.getByLabel("Gender").selectOption("Female");
    await dob.fill("19851002");
    await form.getByLabel("School", { exact: true }).selectOption({ label: school.name });
    await form.getByLabel("State of origin").selectOption("Lagos");
    await form.getByLabel("State of residence").selectOption("Lagos");
    await form.getByLabel("Local government of residence").selectOption("Kosofe");
    await form.getByRole("combobox", { name: "Address" }).fill("14 School Road, Ketu");
    await form.getByLabel("Guardian's name").fill(`Ngozi ${lastName}`);
    await form.getByLabel("Relationship to the pupil").selectOption("Mother");
    await phone.fill("0803 444 55");

    await form.getByRole("button", { name: "Save student" }).click();
    await expect(
      page.getByText("Validation failed: Please ensure all fields are filled correctly. Check: Date of birth, Guardian's phone number."),
    ).toBeVisible();
    await expect(dob).toBeFocused();
    await expect(dob).toBeInViewport();
    await expect(form.getByText("Enter the date as day/month/year, e.g. 14/05/1972.")).toBeVisible();
    await expect(form.getByText("Please put in only the last ten digits of your phone number.")).toBeVisible();
    await expect(page).toHaveURL(/new-student/);
    await expectNoSeriousA11yViolations(page);

    // Typed as people do: the separators of the date as typed, the phone with its leading 0.
    await dob.fill("");
    await dob.pressSequentially("14/05/1972");
    await expect(dob).toHaveValue("14/05/1972");
    await phone.fill("08034445566");
    await form.getByRole("button", { name: "Save student" }).click();
    await expect(page.getByText("Student Created Successfully")).toBeVisible();
    await page.waitForURL((url) => url.pathname === `${AREA}/admission-register`);

    const [admitted, ...others] = await pupilsNamed(districtId, lastName);
    expect(others).toHaveLength(0);
    if (!admitted) throw new Error("the new pupil is not in the register");
    expect(await recordOf(admitted.id)).toMatchObject({ dob: "1972-05-14", guardianPhoneCode: "+234", guardianPhone: "8034445566", gender: "Female" });

    // The record shows them as stored.
    await page.goto(`${AREA}/student-record?id=${admitted.id}`);
    const detail = (label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
    await expect(detail("Date of birth")).toHaveText("14 May 1972");
    await expect(detail("Guardian's phone number")).toHaveText("+234 8034445566");
    await expectNoSeriousA11yViolations(page);
  });

  test("a date typed as digits gets its separators as it is typed @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin2, { next: `${AREA}/new-student` });
    const dob = page.getByRole("form", { name: "New student" }).getByRole("textbox", { name: "Date of birth" });
    await expect(dob).toHaveAttribute("inputmode", "text");
    await expect(dob).toHaveAttribute("placeholder", "DD/MM/YYYY");
    await dob.pressSequentially("14051972");
    await expect(dob).toHaveValue("14/05/1972");
  });

  test("a date typed before the page's script has come gets its separators once it has @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin2, { next: routes.dashboard });
    // A slow line, made certain: the page's scripts come a second after it is drawn, and the date is typed meanwhile.
    let drawn = false;
    await page.route("**/_next/static/chunks/**", async (route) => {
      while (!drawn) await new Promise((wait) => setTimeout(wait, 50));
      await new Promise((wait) => setTimeout(wait, 1_000));
      await route.continue();
    });
    await page.goto(`${AREA}/new-student`, { waitUntil: "commit" });
    const dob = page.getByRole("form", { name: "New student" }).getByRole("textbox", { name: "Date of birth" });
    await dob.waitFor();
    drawn = true;
    await dob.pressSequentially("14051972");
    await expect(dob).toHaveValue("14/05/1972");
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
