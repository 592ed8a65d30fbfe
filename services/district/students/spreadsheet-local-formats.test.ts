import { describe, expect, it } from "vitest";
import type { StagedRow } from "../../../lib/contract/imports";
import { fieldMessages } from "../../../lib/contract/messages";
import { expectOk } from "../../test/helpers";
import { pupil, spreadsheetTest } from "./spreadsheet-test-support";

// Issue 34, item 3: an upload and the corrections typed in its preview grid take the same local formats as
// the forms (the contract's rules): F and m for gender, day/month/year, a phone with 0 or +234.
describe("student spreadsheets: local formats", () => {
  const { uploadPupils, fix, confirm, row, pupilsNamed } = spreadsheetTest();

  it("stages F, m and a phone typed 0803 444 5588 as the form stores them, and takes F typed into the preview grid", async () => {
    const female = pupil({ gender: "F", dob: "14.05.2012", guardianPhone: "0803 444 5588" });
    const male = pupil({ gender: "m", dob: "2012-05-14" });
    const mistyped = pupil({ gender: "Q" });
    const page = await uploadPupils([female, male, mistyped]);
    expect(row(page.rows, 2)).toMatchObject({ valid: true, errors: {} });
    expect(row(page.rows, 3)).toMatchObject({ valid: true, errors: {} });
    expect(row(page.rows, 4).errors).toEqual({ gender: fieldMessages.required });

    const fixed = await expectOk<{ row: StagedRow }>(await fix(page.importId, row(page.rows, 4).id, { gender: "F" }));
    expect(fixed.row).toMatchObject({ valid: true, errors: {} });
    await expectOk(await confirm(page.importId));
    const created = await pupilsNamed([female.lastName, male.lastName, mistyped.lastName]);
    const byName = new Map(created.map((s) => [s.lastName, s]));
    expect(byName.get(female.lastName)).toMatchObject({ gender: "Female", dob: "2012-05-14", guardianPhoneCode: "+234", guardianPhone: "8034445588" });
    expect(byName.get(male.lastName)).toMatchObject({ gender: "Male" });
    expect(byName.get(mistyped.lastName)).toMatchObject({ gender: "Female" });
  });

  it("stages a guardian typed 'Mum' and special needs 'nil' as the lists spell them, and takes 'dad' typed into the preview grid", async () => {
    const mum = pupil({ guardianRelationship: "Mum", specialNeeds: "nil" });
    const mistyped = pupil({ guardianRelationship: "Neighbour" });
    const page = await uploadPupils([mum, mistyped]);
    expect(row(page.rows, 2)).toMatchObject({ valid: true, errors: {} });
    expect(Object.keys(row(page.rows, 3).errors)).toEqual(["guardianRelationship"]);

    const fixed = await expectOk<{ row: StagedRow }>(await fix(page.importId, row(page.rows, 3).id, { guardianRelationship: "dad" }));
    expect(fixed.row).toMatchObject({ valid: true, errors: {} });
    await expectOk(await confirm(page.importId));
    const byName = new Map((await pupilsNamed([mum.lastName, mistyped.lastName])).map((s) => [s.lastName, s]));
    expect(byName.get(mum.lastName)).toMatchObject({ guardianRelationship: "Mother", specialNeeds: "None" });
    expect(byName.get(mistyped.lastName)).toMatchObject({ guardianRelationship: "Father" });
  });
});
