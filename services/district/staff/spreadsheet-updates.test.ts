import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importMessages, type ImportConfirmed, type ImportRowsPage } from "../../../lib/contract/imports";
import { fieldMessages } from "../../../lib/contract/messages";
import type { RoleSummary } from "../../../lib/contract/roles";
import { staffMessages, staffRegisterMessages } from "../../../lib/contract/staff";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, roleAccess, staff } from "../../db/schema";
import { expectError, expectOk, present, staffRow } from "../../test/helpers";
import { readWorkbook, workbooks } from "../../test/workbooks";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { columns, header, person, staffSheetTest } from "./spreadsheet-test-support";

const AGEGE = "Agege Senior Grammar School";
const ALIMOSHO = "Alimosho Junior High School";

describe("staff spreadsheets: rows naming an existing staff member are updates or unchanged", () => {
  const { w, token, upload, uploadPeople, confirm, choose, rowsOf, row, staffWithEmails, hired, mailTo } = staffSheetTest();

  const updatesOf = (ids: string[]) =>
    w.api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, "staff.update"), inArray(auditLog.recordId, ids)));
  /** The register as GET /staff/download gives it for this query: the header, then each staff member's cells. */
  const downloaded = async (query: string, t = token()) => {
    const response = await w.api.call("GET", `/staff/download?${query}`, { token: t });
    expect(response.status).toBe(200);
    const [sheet] = await readWorkbook(new Uint8Array(await response.arrayBuffer()));
    return (sheet?.rows ?? []).map((r) => header.map((_, i) => String(r[i]?.value ?? "")));
  };
  const at = (column: string) => header.indexOf(column as (typeof header)[number]);
  /** A register row with one cell changed. */
  const edited = (cells: string[], column: string, value: string) => cells.map((c, i) => (i === at(column) ? value : c));
  const rowOf = (rows: string[][], email: string) =>
    present(
      rows.find((r) => r[at("E-mail")] === email),
      email,
    );
  const uploadRows = async (rows: string[][], t = token()) => expectOk<ImportRowsPage>(await upload(workbooks.csv([header, ...rows]), t), 201);
  /** A role with exactly these operations at the district, given (alone) to the seeded staff member of `email`: their session. */
  const withRole = async (email: string, name: string, operations: string[]): Promise<AuthResult> => {
    const { role } = await expectOk<{ role: RoleSummary }>(await w.api.call("POST", "/role/add", { token: token(), body: { name, operations } }), 201);
    const target = await staffRow(w.api, email);
    await w.api.db.delete(roleAccess).where(eq(roleAccess.staffId, target.id));
    await expectOk(await w.api.call("POST", "/role/assign", { token: token(), body: { staffId: target.id, roleId: role.id } }), 201);
    return w.api.login(email, demoPasswords.staff);
  };

  it("re-uploads the downloaded register with one cell changed and a row added: 1 new, 1 update with before and after, the rest unchanged; applied once, audited", async () => {
    const marker = `Trip${Date.now()}`;
    const people = [person({ lastName: `${marker}A` }), person({ lastName: `${marker}B`, school: ALIMOSHO }), person({ lastName: `${marker}C` })];
    const records = await hired(people);
    const register = await downloaded(`searchTerm=${marker}`);
    expect(register).toHaveLength(4);
    const b = present(people[1]);
    const added = person({ lastName: `${marker}D` });
    const page = await uploadRows([
      ...register.slice(1).map((r) => (r[at("E-mail")] === b.email ? edited(r, "Address", "7 New Road, Alimosho") : r)),
      columns.map(([key]) => added[key]),
    ]);
    expect(page).toMatchObject({ totalRows: 4, validRows: 4, newRows: 1, updateRows: 1, unchangedRows: 2, existing: "update", mayUpdate: true });
    expect(row(page.rows, 3)).toMatchObject({ kind: "update", before: { address: "12 Awolowo Way, Ikeja" } });
    expect(row(page.rows, 3).data.address).toBe("7 New Road, Alimosho");
    expect(row(page.rows, 2)).toMatchObject({ kind: "unchanged", before: {} });
    expect(row(page.rows, 5)).toMatchObject({ kind: "new" });

    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toMatchObject({ created: 1, updated: 1, alreadyConfirmed: false });
    const after = await staffWithEmails([...people, added].map((p) => p.email));
    expect(after).toHaveLength(4);
    const changed = present(after.find((s) => s.email === b.email));
    expect(changed).toMatchObject({ address: "7 New Road, Alimosho", version: 2 });
    expect(after.filter((s) => s.version === 2).map((s) => s.id)).toEqual([changed.id]);
    const entries = await updatesOf(records.map((r) => r.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      recordId: changed.id,
      actorStaffId: w.admin1.staff.id,
      before: { address: "12 Awolowo Way, Ikeja", version: 1 },
      after: { address: "7 New Road, Alimosho", version: 2, byImportId: page.importId },
    });
    // The import that made the change is named on the entry.
    expect(present(entries[0]).before).not.toHaveProperty("byImportId");
    expect(JSON.stringify(entries[0])).not.toContain("passwordHash");
    // A retry applies nothing twice.
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toMatchObject({ created: 1, updated: 1, alreadyConfirmed: true });
    expect(await updatesOf([changed.id])).toHaveLength(1);
  });

  it("the whole register downloaded and uploaded again is unchanged", async () => {
    const register = await downloaded("");
    expect(register.length).toBeGreaterThan(2);
    const page = await uploadRows(register.slice(1));
    expect(page).toMatchObject({ invalidRows: 0, newRows: 0, updateRows: 0, unchangedRows: register.length - 1 });
    await expectError(await confirm(page.importId), 400, importMessages.nothingToChange);
  });

  it("names a staff member by staff number, oracle number or e-mail; a row naming two is an error on both keys; a new phone tells the account", async () => {
    const [a, b, c] = [person(), person(), person()];
    await hired([a, b, c]);
    const page = await uploadPeople([
      // A new staff number: the oracle number names them.
      { ...a, tescomNumber: `${a.tescomNumber}-NEW`, phoneNumber: "0816 999 0001" },
      // New numbers: the e-mail names them.
      { ...b, tescomNumber: `${b.tescomNumber}-NEW`, oracleNumber: `${b.oracleNumber}-NEW` },
      // A new e-mail: the staff number names them.
      { ...c, email: `new.${c.email}` },
    ]);
    expect(page).toMatchObject({ validRows: 3, updateRows: 3, newRows: 0 });
    expect(row(page.rows, 2).before).toEqual({ tescomNumber: a.tescomNumber, phoneNumber: `+234${a.phoneNumber.slice(1)}` });
    expect(row(page.rows, 3).before).toEqual({ tescomNumber: b.tescomNumber, oracleNumber: b.oracleNumber });
    expect(row(page.rows, 4).before).toEqual({ email: c.email });
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toMatchObject({ updated: 3 });
    const now = await staffWithEmails([a.email, b.email]);
    expect(now.map((s) => [s.tescomNumber, s.version]).sort()).toEqual(
      [
        [`${a.tescomNumber}-NEW`, 2],
        [`${b.tescomNumber}-NEW`, 2],
      ].sort(),
    );
    const told = await mailTo([a.email]);
    expect(told.map((m) => m.body).join("\n")).toContain("The phone number of your portal account was changed to +234 8169990001.");
    // The old address hears of the new one, as with the edit form.
    expect((await mailTo([c.email])).map((m) => m.body).join("\n")).toContain(`The e-mail address of your portal account was changed to new.${c.email}.`);
    expect((await staffWithEmails([`new.${c.email}`]))[0]?.version).toBe(2);

    // a's staff number and b's e-mail: two different people.
    const two = await uploadPeople([{ ...person(), tescomNumber: `${a.tescomNumber}-NEW`, email: b.email }]);
    expect(row(two.rows, 2)).toMatchObject({ kind: "new", valid: false });
    expect(row(two.rows, 2).errors).toEqual({ tescomNumber: importMessages.matchesTwo, email: importMessages.matchesTwo });
  });

  it("skips updates, or holds them as errors; creates the valid rows and leaves the rest", async () => {
    const [a, b] = [person(), person()];
    await hired([a, b]);
    const fresh = person();
    const page = await uploadPeople([{ ...a, address: "9 Skip Road, Ikeja" }, b, fresh]);
    expect(page).toMatchObject({ updateRows: 1, unchangedRows: 1, newRows: 1 });
    const skipped = await expectOk<ImportRowsPage>(await choose(page.importId, "skip"));
    expect(skipped).toMatchObject({ existing: "skip", invalidRows: 0 });
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toMatchObject({ created: 1, updated: 0 });
    expect(present((await staffWithEmails([a.email]))[0])).toMatchObject({ address: "12 Awolowo Way, Ikeja", version: 1 });

    const later = person();
    const again = await uploadPeople([{ ...a, address: "9 Error Road, Ikeja" }, later]);
    const held = await expectOk<ImportRowsPage>(await choose(again.importId, "error"));
    expect(held).toMatchObject({ existing: "error", invalidRows: 1, updateRows: 0 });
    expect(row(held.rows, 2).errors).toEqual({ tescomNumber: staffRegisterMessages.numberTaken });
    await expectError(await confirm(again.importId), 400, importMessages.fixFirst(1));
    expect(await expectOk<ImportConfirmed>(await confirm(again.importId, token(), "valid"))).toMatchObject({ created: 1, updated: 0 });
    expect(present((await staffWithEmails([a.email]))[0]).address).toBe("12 Awolowo Way, Ikeja");
  });

  it("refuses a row whose staff member was changed between the upload and the apply, says why on it, and applies nothing", async () => {
    const [a, b] = [person(), person()];
    const [recordA] = await hired([a, b]);
    const page = await uploadPeople([
      { ...a, address: "1 Upload Street" },
      { ...b, address: "2 Upload Street" },
    ]);
    expect(page.updateRows).toBe(2);
    // Someone saves a through the edit form meanwhile.
    await w.api.db
      .update(staff)
      .set({ address: "Edited Elsewhere", version: sql`${staff.version} + 1` })
      .where(eq(staff.id, present(recordA).id));
    const refused = await expectError(await confirm(page.importId), 409, `Row 2: ${importMessages.changedSinceUpload}`);
    expect(refused.message).not.toContain("Row 3");
    const rows = await rowsOf(page.importId);
    expect(row(rows, 2)).toMatchObject({ valid: false, errors: { tescomNumber: importMessages.changedSinceUpload } });
    expect(row(rows, 3).valid).toBe(true);
    const now = await staffWithEmails([a.email, b.email]);
    expect(now.map((s) => [s.address, s.version]).sort()).toEqual(
      [
        ["12 Awolowo Way, Ikeja", 1],
        ["Edited Elsewhere", 2],
      ].sort(),
    );
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId, token(), "valid"))).toMatchObject({ created: 0, updated: 1 });
  });

  it("leaves the school and the staff type to their own forms: a row changing them is refused on that cell", async () => {
    const a = person();
    await hired([a]);
    const page = await uploadPeople([{ ...a, school: ALIMOSHO }]);
    expect(row(page.rows, 2)).toMatchObject({ kind: "update", before: { school: "" } });
    await expectError(await confirm(page.importId), 409, `Row 2: ${importMessages.staffPostingFixed}`);
    expect(row(await rowsOf(page.importId), 2).errors).toEqual({ school: importMessages.staffPostingFixed });
    expect(present((await staffWithEmails([a.email]))[0])).toMatchObject({ schoolId: null, version: 1 });
  });

  it("matches only staff in the uploader's scope; needs staff.update to apply updates, though skipping them does not", async () => {
    const [outside, inside] = [person({ school: AGEGE }), person({ school: ALIMOSHO })];
    await hired([outside, inside]);
    const { role } = await expectOk<{ role: RoleSummary }>(
      await w.api.call("POST", "/role/add", {
        token: token(),
        body: { name: "Alimosho staff desk", operations: ["staff.view", "staff.upload", "staff.update", "staff.download", "school.view"] },
      }),
      201,
    );
    const session = await workingAtAlimoshoLgea(w.api, w.admin1, role.id);
    const lgea = session.authorizationToken;
    // An Agege teacher's numbers and e-mail are taken, not theirs to update, for the Alimosho LGEA.
    const page = await uploadPeople(
      [
        { ...outside, school: ALIMOSHO, address: "3 Outside Road" },
        { ...inside, address: "3 Inside Road" },
      ],
      lgea,
    );
    expect(row(page.rows, 2)).toMatchObject({
      kind: "new",
      errors: { tescomNumber: staffRegisterMessages.numberTaken, oracleNumber: staffRegisterMessages.numberTaken, email: fieldMessages.emailTaken },
    });
    expect(row(page.rows, 3)).toMatchObject({ kind: "update", before: { address: "12 Awolowo Way, Ikeja" }, valid: true });
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId, lgea, "valid"))).toMatchObject({ created: 0, updated: 1 });
    const now = await staffWithEmails([outside.email, inside.email]);
    expect(now.map((s) => s.address).sort()).toEqual(["12 Awolowo Way, Ikeja", "3 Inside Road"]);

    // The LGEA's own register reads back unchanged, its office's staff (an empty school cell) among them; a new row with no school posts there.
    const alimoshoLgea = present(session.currentOrganization).id;
    const office = person();
    const [officeRecord] = await hired([office]);
    await w.api.db
      .update(staff)
      .set({ lgeaId: alimoshoLgea })
      .where(eq(staff.id, present(officeRecord).id));
    const register = await downloaded("", lgea);
    expect(rowOf(register, office.email)[at("School")]).toBe("");
    const newcomer = person();
    const back = await uploadRows([...register.slice(1), columns.map(([key]) => newcomer[key])], lgea);
    expect(back).toMatchObject({ invalidRows: 0, updateRows: 0, newRows: 1, unchangedRows: register.length - 1 });
    expect(await expectOk<ImportConfirmed>(await confirm(back.importId, lgea))).toMatchObject({ created: 1, updated: 0 });
    expect(present((await staffWithEmails([newcomer.email]))[0])).toMatchObject({ schoolId: null, lgeaId: alimoshoLgea });

    // Given staff.upload but not staff.update: may add staff, not change them.
    const clerk = (await withRole("chiamaka.nwosu@example.org", "Staff upload clerk", ["staff.view", "staff.upload", "school.view"])).authorizationToken;
    const fresh = person();
    const staged = await uploadPeople([{ ...inside, middleName: "Ayo" }, fresh], clerk);
    expect(staged).toMatchObject({ mayUpdate: false, updateRows: 1, newRows: 1 });
    await expectError(await confirm(staged.importId, clerk), 403, importMessages.mayNotUpdate);
    await expectOk(await choose(staged.importId, "skip", clerk));
    expect(await expectOk<ImportConfirmed>(await confirm(staged.importId, clerk))).toMatchObject({ created: 1, updated: 0 });
    expect(present((await staffWithEmails([inside.email]))[0]).middleName).toBeNull();
  });

  it("updates only whom the uploader could change by hand: not the owner, not someone holding more; one's own e-mail and phone not at all", async () => {
    const weak = person();
    await hired([weak]);
    const desk = await withRole("ngozi.obi@example.org", "Staff desk", ["staff.view", "staff.upload", "staff.update", "school.view"]);
    const register = await downloaded("includeLoggedInUser=true");
    const tunde = rowOf(register, "tunde.bakare@example.org");
    const owner = rowOf(register, "admin.ed1@example.org");
    const ngozi = rowOf(register, "ngozi.obi@example.org");
    const page = await uploadRows(
      [
        edited(tunde, "Address", "1 Taken Over Road"),
        edited(owner, "Address", "1 Taken Over Road"),
        edited(rowOf(register, weak.email), "Address", "1 Desk Road"),
        edited(ngozi, "Phone Number", "0817 000 0099"),
      ],
      desk.authorizationToken,
    );
    expect(page).toMatchObject({ updateRows: 4, invalidRows: 0 });
    await expectError(
      await confirm(page.importId, desk.authorizationToken),
      409,
      `Row 2: ${staffMessages.cannotChangeStronger} Row 3: ${staffMessages.cannotChangeOwner} Row 5: ${importMessages.ownContactFixed}`,
    );
    const rows = await rowsOf(page.importId);
    expect(row(rows, 2).errors).toEqual({ tescomNumber: staffMessages.cannotChangeStronger });
    expect(row(rows, 5).errors).toEqual({ phoneNumber: importMessages.ownContactFixed });
    expect(await updatesOf([(await staffRow(w.api, "tunde.bakare@example.org")).id, w.admin1.staff.id])).toEqual([]);
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId, desk.authorizationToken, "valid"))).toMatchObject({ updated: 1 });
    expect(present((await staffWithEmails([weak.email]))[0]).address).toBe("1 Desk Road");
    expect((await staffRow(w.api, "admin.ed1@example.org")).address).not.toBe("1 Taken Over Road");
  });
});
