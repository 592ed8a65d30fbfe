import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importMessages, type ImportConfirmed, type ImportRowsPage } from "../../../lib/contract/imports";
import { studentMessages } from "../../../lib/contract/students";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, role, student } from "../../db/schema";
import { expectError, expectOk, present } from "../../test/helpers";
import { workbooks } from "../../test/workbooks";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { AGEGE, pupil, sheet, spreadsheetTest, type Pupil } from "./spreadsheet-test-support";

describe("student spreadsheets: rows naming an existing pupil are updates or unchanged", () => {
  const { w, token, upload, uploadPupils, confirm, rowsOf, row, pupilsNamed } = spreadsheetTest();

  /** Pupils admitted through an upload, with the admission numbers the district gave them. */
  const admitted = async (pupils: Pupil[]) => {
    const page = await uploadPupils(pupils);
    await expectOk(await confirm(page.importId));
    const made = new Map((await pupilsNamed(pupils.map((p) => p.lastName))).map((p) => [p.lastName, p]));
    return pupils.map((p) => ({ ...p, admissionNumber: present(made.get(p.lastName)).admissionNumber }));
  };
  const choose = (importId: string, existing: string, t = token()) => w.api.call("PATCH", `/student/imports/${importId}`, { token: t, body: { existing } });
  const updatesOf = (ids: string[]) =>
    w.api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, "student.update"), inArray(auditLog.recordId, ids)));

  it("re-uploads the register with one phone edited and three new pupils: 3 new, 1 update with before and after, the rest unchanged; applied once, audited", async () => {
    const register = await admitted([pupil(), pupil(), pupil(), pupil({ gender: "Male" })]);
    const edited = register.map((p, i) => (i === 1 ? { ...p, guardianPhone: "0809 555 1234" } : i === 3 ? { ...p, gender: "M" } : p));
    const added = [pupil(), pupil(), pupil()];
    const page = await uploadPupils([...edited, ...added]);
    expect(page).toMatchObject({ totalRows: 7, validRows: 7, newRows: 3, updateRows: 1, unchangedRows: 3, existing: "update", mayUpdate: true });
    // 'M' is how the register spells Male: no change.
    expect(row(page.rows, 5)).toMatchObject({ kind: "unchanged", before: {} });
    expect(row(page.rows, 3)).toMatchObject({ kind: "update", before: { guardianPhone: "+2348031112233" } });
    expect(row(page.rows, 3).data.guardianPhone).toBe("0809 555 1234");
    expect(row(page.rows, 6)).toMatchObject({ kind: "new", before: {} });
    const updates = await expectOk<ImportRowsPage>(await w.api.call("GET", `/student/imports/${page.importId}/rows?only=updates`, { token: token() }));
    expect(updates.rows.map((r) => r.rowNumber)).toEqual([3]);

    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toMatchObject({ created: 3, updated: 1, alreadyConfirmed: false });
    const after = await pupilsNamed([...register, ...added].map((p) => p.lastName));
    expect(after).toHaveLength(7);
    const changed = present(after.find((p) => p.lastName === register[1]?.lastName));
    expect(changed).toMatchObject({ guardianPhone: "8095551234", version: 2 });
    expect(after.filter((p) => p.version === 2).map((p) => p.id)).toEqual([changed.id]);
    const entries = await updatesOf(after.map((p) => p.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      recordId: changed.id,
      before: { guardianPhone: "8031112233", version: 1 },
      after: { guardianPhone: "8095551234", version: 2, byImportId: page.importId },
    });
    // The import that made the change is named on the entry.
    expect(present(entries[0]).before).not.toHaveProperty("byImportId");
    // A retry applies nothing twice.
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toMatchObject({ created: 3, updated: 1, alreadyConfirmed: true });
    expect(await updatesOf([changed.id])).toHaveLength(1);
  });

  it("skips updates, or holds them as errors; creates the valid rows and leaves the rest; drops every row with one error at once", async () => {
    const register = await admitted([pupil(), pupil()]);
    const edited = register.map((p) => ({ ...p, address: "9 New Road, Alimosho" }));
    const fresh = pupil();
    const broken = [pupil({ gender: "Robot" }), pupil({ gender: "Robot" })];
    const page = await uploadPupils([...edited, fresh, ...broken]);
    expect(page).toMatchObject({ updateRows: 2, newRows: 1, invalidRows: 2 });

    const held = await expectOk<ImportRowsPage>(await choose(page.importId, "error"));
    expect(held).toMatchObject({ existing: "error", invalidRows: 4, updateRows: 0 });
    expect(row(held.rows, 2).errors).toEqual({ admissionNumber: studentMessages.admissionNumberTaken });
    const skipped = await expectOk<ImportRowsPage>(await choose(page.importId, "skip"));
    expect(skipped).toMatchObject({ existing: "skip", invalidRows: 2, updateRows: 2 });
    expect(row(skipped.rows, 2).errors).toEqual({});

    await expectError(await confirm(page.importId), 400, importMessages.fixFirst(2));
    const message = present(row(skipped.rows, 5).errors.gender);
    expect(
      await expectOk(await w.api.call("POST", `/student/imports/${page.importId}/drop-rows`, { token: token(), body: { column: "gender", message } })),
    ).toEqual({
      message: importMessages.rowsDropped(2),
      dropped: 2,
    });
    expect((await rowsOf(page.importId)).map((r) => r.rowNumber)).toEqual([2, 3, 4]);

    // Held as errors again, then 'create the valid rows, leave the rest': the one new pupil only.
    await expectOk(await choose(page.importId, "error"));
    const done = await expectOk<ImportConfirmed>(await w.api.call("POST", `/student/create-multiple/${page.importId}?rows=valid`, { token: token() }));
    expect(done).toMatchObject({ created: 1, updated: 0 });
    const after = await pupilsNamed([...register.map((p) => p.lastName), fresh.lastName]);
    expect(after).toHaveLength(3);
    expect(after.filter((p) => p.address === "9 New Road, Alimosho")).toEqual([]);
  });

  it("refuses a row whose pupil was changed between the upload and the apply, says why on it, and applies nothing", async () => {
    const [one, two] = await admitted([pupil(), pupil()]);
    const page = await uploadPupils([
      { ...present(one), guardianName: "Sola Upload" },
      { ...present(two), address: "1 Upload Street" },
    ]);
    expect(page.updateRows).toBe(2);
    // Someone saves the first pupil through the edit form meanwhile.
    const [first] = await pupilsNamed([present(one).lastName]);
    const record = present(first);
    await w.api.db
      .update(student)
      .set({ address: "Edited Elsewhere", version: sql`${student.version} + 1` })
      .where(eq(student.id, record.id));
    const refused = await expectError(await confirm(page.importId), 409, `Row 2: ${importMessages.changedSinceUpload}`);
    expect(refused.message).not.toContain("Row 3");
    const rows = await rowsOf(page.importId);
    expect(row(rows, 2)).toMatchObject({ valid: false, errors: { admissionNumber: importMessages.changedSinceUpload } });
    expect(row(rows, 3).valid).toBe(true);
    const now = await pupilsNamed([present(one).lastName, present(two).lastName]);
    expect(now.map((p) => [p.guardianName, p.address, p.version]).sort()).toEqual(
      [
        ["Bola Sheet", "3 Ikotun Road, Alimosho", 1],
        ["Bola Sheet", "Edited Elsewhere", 2],
      ].sort(),
    );
    // Leaving that row, the other update applies.
    expect(await expectOk<ImportConfirmed>(await w.api.call("POST", `/student/create-multiple/${page.importId}?rows=valid`, { token: token() }))).toMatchObject(
      {
        created: 0,
        updated: 1,
      },
    );
  });

  it("matches only pupils in the uploader's scope; needs student.update to apply updates, though skipping them does not", async () => {
    const [outside] = await admitted([pupil({ school: AGEGE, class: "SSS 1A", localGovernmentOfResidence: "Agege" })]);
    const [inside] = await admitted([pupil()]);
    const lgeaToken = (await workingAtAlimoshoLgea(w.api, w.admin1)).authorizationToken;
    // An Agege pupil's number is taken, not theirs to update, for the Alimosho LGEA.
    const page = await uploadPupils(
      [
        { ...present(outside), school: "", class: "" },
        { ...present(inside), middleName: "Ayo" },
      ],
      lgeaToken,
    );
    expect(row(page.rows, 2)).toMatchObject({ kind: "new", errors: { admissionNumber: studentMessages.admissionNumberTaken } });
    expect(row(page.rows, 3)).toMatchObject({ kind: "update", before: { middleName: "" }, valid: true });

    // The Records Officer given student.upload but not student.update may add pupils, not change them.
    const officer = await w.api.login("tunde.bakare@example.org", demoPasswords.staff);
    await w.api.db
      .update(role)
      .set({ operations: sql`array_append(array_remove(${role.operations}, 'student.update'), 'student.upload')` })
      .where(and(eq(role.districtId, w.d1), sql`${role.operations} @> array['student.create']::text[]`, eq(role.name, "Records Officer")));
    const t = officer.authorizationToken;
    const staged = await expectOk<ImportRowsPage>(await upload(workbooks.csv(sheet([{ ...present(inside), middleName: "Ayo" }, pupil()])), t), 201);
    expect(staged).toMatchObject({ mayUpdate: false, updateRows: 1, newRows: 1 });
    await expectError(await confirm(staged.importId, t), 403, importMessages.mayNotUpdate);
    await expectOk(await choose(staged.importId, "skip", t));
    expect(await expectOk<ImportConfirmed>(await confirm(staged.importId, t))).toMatchObject({ created: 1, updated: 0 });
    expect(present((await pupilsNamed([present(inside).lastName]))[0]).middleName).toBeNull();
  });
});
