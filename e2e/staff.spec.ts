import { expectNoSeriousA11yViolations } from "./support/axe";
import { apiJson, me } from "./support/district-admin";
import { accounts, apiToken, districtApi, expect, latestMailedCode, signInThroughForm, test } from "./support/fixtures";
import { fakeMapsPlaces, mapsPlace } from "./support/maps";
import { stamp } from "./support/stamp";

const REGISTER = "/administration/user-management/staff-management";
/** Ten digits no other run uses: a hash of the seed (a seed read as one number would lose its last digits). */
function phoneOf(seed: string) {
  let hash = 0;
  for (const char of seed) hash = (hash * 131 + char.charCodeAt(0)) % 100_000_000;
  return `81${String(hash).padStart(8, "0")}`;
}

/**
 * A new staff member for POST /staff/create whose e-mail, phone and numbers no other run uses (`key`
 * tells apart several made by one test), with what the test cares about in `details`.
 */
function newStaffBody(key: string, details: { firstName: string; lastName: string; gender: string; dob: string } & Record<string, unknown>) {
  return {
    title: details.gender === "Male" ? "Mr" : "Mrs",
    oracleNumber: `OR-${key}`,
    tescomNumber: `TS-${key}`,
    phoneNumber: phoneOf(key),
    email: `${key.toLowerCase()}@staff.example.org`,
    address: "3 Posting Road",
    countryOfOrigin: "Nigeria",
    stateOfOrigin: "Lagos",
    localGovernmentOfOrigin: "Ikorodu",
    countryOfResidence: "Nigeria",
    stateOfResidence: "Lagos",
    localGovernmentOfResidence: "Ikorodu",
    staffType: "Teaching",
    ...details,
  };
}

test.describe("staff", () => {
  test("filter the register, bookmark it, and open a record cold from a bookmark @demo @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin1, { next: "/administration" });
    await page.getByRole("link", { name: "Staff management" }).click();
    await expect(page.getByRole("heading", { name: "Staff management" })).toBeVisible();
    const table = page.getByRole("table", { name: /Staff, page 1/ });
    await expect(table.getByRole("rowheader", { name: "Mrs Chiamaka Nwosu" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Search staff").fill("nwosu");
    await expect(page).toHaveURL(/searchTerm=nwosu/);
    await expect(table.getByRole("rowheader")).toHaveCount(1);
    await page.getByLabel("Staff type").selectOption("Non-Teaching");
    await expect(page.getByText("No staff member matches.")).toBeVisible();
    await page.getByLabel("Staff type").selectOption("Teaching");
    await expect(page).toHaveURL(/staffType=Teaching/);
    await expect(page.getByText("1 staff member")).toBeVisible();

    // The filtered list as a bookmark: opened afresh, it is the same list.
    const bookmark = page.url();
    await page.goto("/dashboard");
    await page.goto(bookmark);
    await expect(page.getByLabel("Search staff")).toHaveValue("nwosu");
    await expect(page.getByLabel("Staff type")).toHaveValue("Teaching");
    await expect(page.getByRole("table").getByRole("rowheader")).toHaveText(["Mrs Chiamaka Nwosu"]);

    await page.getByRole("link", { name: "Mrs Chiamaka Nwosu" }).click();
    await expect(page).toHaveURL(/staff-record\?id=[0-9a-f-]{36}/);
    const record = page.url();
    await page.goto("/dashboard");
    await page.goto(record);
    await expect(page.getByRole("heading", { name: "Chiamaka Nwosu" })).toBeVisible();
    await expect(page.locator("dt", { hasText: /^E-mail$/ }).locator("+ dd")).toHaveText("chiamaka.nwosu@example.org");
    await expect(page.locator("dt", { hasText: /^Posting$/ }).locator("+ dd")).not.toBeEmpty();
    await expect(page.getByRole("heading", { name: "School roles" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Without an id the record route is the register; a foreign or unknown id is Page Not Found.
    await page.goto(`${REGISTER}/staff-record`);
    await expect(page.getByRole("heading", { name: "Staff management" })).toBeVisible();
    await page.goto(`${REGISTER}/staff-record?id=${crypto.randomUUID()}`);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });

  // District 2: district 1's staff counts are other tests'.
  test("add a staff member past the duplicate warning; they set a password with the e-mailed code and sign in @phone @stack @writes", async ({
    page,
    browser,
    signIn,
  }) => {
    const seed = stamp();
    const token = await apiToken(accounts.admin2);
    const { staff: admin } = await me(token);
    // Someone already in the district with the same names and birthday.
    const twin = newStaffBody(`twin-${seed}`, { firstName: "Tolulope", lastName: `Bamidele${seed}`, gender: "Male", dob: "1988-03-09" });
    expect((await districtApi("POST", "/staff/create", token, twin)).status).toBe(201);

    await fakeMapsPlaces(page);
    await signIn(accounts.admin2, { next: REGISTER });
    await page.getByRole("link", { name: "Add staff" }).click();
    const form = page.getByRole("form", { name: "New staff" });
    await form.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Validation failed: Please ensure all fields are filled correctly.")).toBeVisible();
    await expect(form.getByText("This field is required", { exact: true }).first()).toBeVisible();
    await expect(form.getByText("E-mail is required")).toBeVisible();
    await expect(form.getByText("Phone Number is required")).toBeVisible();
    // Typed before the maps service has come (3 s after the form): its suggestions come when it does.
    await form.getByRole("combobox", { name: "Address" }).pressSequentially("12 Adeola", { delay: 50 });
    await page.getByRole("option", { name: mapsPlace.description }).click();

    // The spec's defaults: title Mr, country Nigeria, code +234, and Ikorodu once the state offers it.
    await expect(form.getByLabel("Title")).toHaveValue("Mr");
    await expect(form.getByLabel("Country of origin")).toHaveValue("Nigeria");
    await form.getByLabel("State of origin").selectOption("Lagos");
    await expect(form.getByLabel("Local government of origin")).toHaveValue("Ikorodu");
    await form.getByLabel("State of residence").selectOption("Lagos");
    await form.getByLabel("Local government of residence").selectOption("Kosofe");

    const email = `new.staff.${seed}@staff.example.org`;
    await form.getByLabel("First name").fill("Tolulope");
    await form.getByLabel("Last name").fill(twin.lastName);
    await form.getByLabel("Oracle Number").fill(`OR-NEW-${seed}`);
    await form.getByLabel("Tescom Number").fill(`TS-NEW-${seed}`);
    await form.getByLabel("Gender").selectOption("Male");
    await form.getByRole("textbox", { name: "Date of birth" }).fill(twin.dob);
    await form.getByLabel("Phone number", { exact: true }).fill(twin.phoneNumber);
    await expect(form.getByText("Phone Number already in use")).toBeVisible();
    await form.getByLabel("Phone number", { exact: true }).fill(phoneOf(`${seed}2`));
    await form.getByLabel("E-mail", { exact: true }).fill(email);
    await form.getByLabel("Staff type").selectOption("Teaching");
    await form.getByRole("radio", { name: "A school" }).check();
    await form.getByLabel("School", { exact: true }).selectOption({ index: 1 });
    await form.getByRole("button", { name: "Next" }).click();

    // The review: what was entered, and the possible duplicate with a link to that record.
    await expect(page.getByRole("heading", { name: "Review the new staff member" })).toBeVisible();
    await expect(page.getByText(/Possible duplicate/)).toBeVisible();
    await expect(page.getByRole("link", { name: `Tolulope ${twin.lastName}` })).toHaveAttribute("href", /staff-record\?id=/);
    await expect(page.getByText(email)).toBeVisible();
    const save = page.getByRole("button", { name: "Save staff" });
    await expect(save).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("This is a different person: save anyway").check();
    const savedAt = Date.now();
    await save.click();
    await expect(page.getByText("Staff Created Successfully")).toBeVisible();
    await page.waitForURL((url) => url.pathname === REGISTER);

    // A fresh token: the suite's tokens last seconds, and the form took longer.
    const created = await apiJson<{ foundStaffs: { id: string; email: string; accountStatus: string; posting: { kind: string } }[] }>(
      await apiToken(accounts.admin2),
      `/staff/search?district[0]=${admin.district.id}&searchTerm=${encodeURIComponent(email)}`,
    );
    expect(created.foundStaffs).toMatchObject([{ email, accountStatus: "ResetPassword", posting: { kind: "school" } }]);

    // The invitation: a code and a link to the code screen with the e-mail filled in, in a browser that never asked for it.
    const code = await latestMailedCode(email, savedAt);
    const guest = await browser.newContext();
    const invited = await guest.newPage();
    await invited.goto(`/password/update-password-otp/?email=${encodeURIComponent(email)}`);
    await expect(invited.getByText(email)).toBeVisible();
    for (const [i, digit] of [...code].entries()) await invited.getByLabel(`Digit ${i + 1} of 6`).fill(digit);
    const password = "Welcome#2026a";
    await invited.getByLabel("New password", { exact: true }).fill(password);
    await invited.getByLabel("Confirm new password").fill(password);
    await invited.getByRole("button", { name: "Update password" }).click();
    await expect(invited.getByText("Password Updated Successfully")).toBeVisible();
    await invited.waitForURL("**/login");
    await signInThroughForm(invited, { email, password });
    await expect(invited).toHaveURL(/\/dashboard$/);
    await guest.close();
  });

  test("select staff across filters and a reload, transfer them with the vacated-role warning, and find the batch @phone @writes", async ({ page, signIn }) => {
    const seed = stamp();
    const token = await apiToken(accounts.admin2);
    const { staff: admin } = await me(token);
    const { schools } = await apiJson<{ schools: { id: string; name: string }[] }>(token, `/school/get-by-district/${admin.district.id}`);
    const [from, to] = schools;
    if (!from || !to) throw new Error("district 2 needs two schools");
    const person = (n: number) =>
      newStaffBody(`transferee${n}-${seed}`, {
        firstName: n === 1 ? "Kemi" : "Ronke",
        lastName: `Transferee${seed}`,
        gender: "Female",
        dob: `1985-06-0${n}`,
        schoolId: from.id,
      });
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const response = await districtApi("POST", "/staff/create", token, person(n));
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { staff: { id: string } }).staff.id);
    }
    expect((await districtApi("POST", `/school/assign-role/${from.id}`, token, { role: "Bursar", staffId: ids[0] })).status).toBe(201);

    await signIn(accounts.admin2, { next: `${REGISTER}?searchTerm=transferee${seed}` });
    await expect(page.getByRole("table").getByRole("rowheader")).toHaveCount(2);
    await page.getByLabel("Select every staff member listed").check();
    await expect(page.getByText("2 selected")).toBeVisible();
    // Kept while the list is filtered otherwise, and across a reload.
    await page.getByLabel("Search staff").fill("someone else entirely");
    await expect(page.getByText("No staff member matches.")).toBeVisible();
    await expect(page.getByText("2 selected")).toBeVisible();
    await page.reload();
    await expect(page.getByText("2 selected")).toBeVisible();
    await page.getByRole("link", { name: "Transfer selected" }).click();

    await expect(page.getByRole("heading", { name: "Transfer staff" })).toBeVisible();
    await expect(page.getByText("2 staff members selected for this transfer.")).toBeVisible();
    await page.getByRole("radio", { name: "A school" }).check();
    await page.getByRole("combobox", { name: "School" }).selectOption(to.id);
    await expect(page.getByText(`2 staff members to ${to.name}.`)).toBeVisible();
    // Named in the warning above the table and in the mover's row.
    await expect(page.getByText(`Ends: Bursar at ${from.name}`).first()).toBeVisible();
    await page.getByRole("textbox", { name: "Reason" }).fill(`Rebalancing teachers for the new term ${seed}`);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Transfer staff" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Transfer", exact: true }).click();
    await expect(page.getByText("Staff Transferred Successfully")).toBeVisible();
    await page.waitForURL("**/list-staff-transfer");
    await expect(page.getByRole("heading", { name: "Staff transfers" })).toBeVisible();

    // The register: both now posted at the new school; the selection is gone.
    const moved = await apiJson<{ foundStaffs: { posting: { id: string } }[] }>(
      await apiToken(accounts.admin2),
      `/staff/search?district[0]=${admin.district.id}&searchTerm=transferee${seed}&includeLoggedInUser=true`,
    );
    expect(moved.foundStaffs.map((s) => s.posting.id)).toEqual([to.id, to.id]);
    const batch = page.getByRole("row").filter({ hasText: `Rebalancing teachers for the new term ${seed}` });
    await expect(batch).toBeVisible();
    await batch.getByRole("button", { name: /View moves/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(`Ended: Bursar at ${from.name}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await page.goto(REGISTER);
    await expect(page.getByRole("heading", { name: "Staff management" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Transfer selected" })).toHaveCount(0);
  });

  test("suspend and reactivate a staff member from their record, each after a confirmation @writes", async ({ page, signIn }) => {
    const seed = stamp();
    const token = await apiToken(accounts.admin2);
    const response = await districtApi(
      "POST",
      "/staff/create",
      token,
      newStaffBody(`status-${seed}`, { firstName: "Suleiman", lastName: `Status${seed}`, gender: "Male", dob: "1979-11-02", staffType: "Non-Teaching" }),
    );
    expect(response.status).toBe(201);
    const { staff } = (await response.json()) as { staff: { id: string } };

    await signIn(accounts.admin2, { next: `${REGISTER}/staff-record?id=${staff.id}` });
    await expect(page.getByRole("heading", { name: "Account status: Must set a password" })).toBeVisible();
    await page.getByRole("button", { name: "Suspend account" }).click();
    const dialog = page.getByRole("dialog", { name: `Suspend Mr Suleiman Status${seed}?` });
    await expect(dialog).toContainText("signed out everywhere");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Account status: Must set a password" })).toBeVisible();
    await page.getByRole("button", { name: "Suspend account" }).click();
    await dialog.getByRole("button", { name: "Suspend account" }).click();
    await expect(page.getByText("Account suspended")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Account status: Suspended" })).toBeVisible();
    await page.getByRole("button", { name: "Reactivate account" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Reactivate account" }).click();
    await expect(page.getByRole("heading", { name: "Account status: Active" })).toBeVisible();
    const stored = await apiJson<{ staff: { accountStatus: string } }>(await apiToken(accounts.admin2), `/staff/view-staff/${staff.id}`);
    expect(stored.staff.accountStatus).toBe("Active");
  });
});
