import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importMessages, type ImportConfirmed, type ImportRowsPage, type StagedRow } from "../../../lib/contract/imports";
import type { AuditPage } from "../../../lib/contract/audit";
import type { RoleSummary } from "../../../lib/contract/roles";
import { schoolMessages } from "../../../lib/contract/schools";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, roleAccess, school } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, staffRow } from "../../test/helpers";
import { readWorkbook, workbooks } from "../../test/workbooks";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";

const header = ["Name", "Description", "Address", "Local Government", "Category"];
const AGEGE = "Agege Senior Grammar School";
const ALIMOSHO = "Alimosho Junior High School";

let n = 0;
/** A school of the Alimosho LGEA as a sheet row, with a name no other row uses. */
const newSchool = (overrides: Partial<Record<"name" | "description" | "address" | "localGovernment" | "category", string>> = {}) => {
  n++;
  const s = {
    name: `Matched School ${n}`,
    description: "Day school",
    address: `${n} Ikotun Road`,
    localGovernment: "Alimosho",
    category: "Primary",
    ...overrides,
  };
  return [s.name, s.description, s.address, s.localGovernment, s.category];
};

describe("school spreadsheets: rows naming an existing school are updates or unchanged", () => {
  let api: TestApi;
  let admin1: AuthResult;
  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
  });
  afterAll(() => api.close());

  const token = () => admin1.authorizationToken;
  const upload = async (rows: string[][], t = token()) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(workbooks.csv([header, ...rows]))]), "schools.csv");
    return expectOk<ImportRowsPage>(await api.call("POST", "/school/upload-multiple", { token: t, form }), 201);
  };
  const confirm = (importId: string, t = token(), rows?: "valid") =>
    api.call("POST", `/school/create-multiple-schools${rows ? `?rows=${rows}` : ""}`, { token: t, body: { importId } });
  const choose = (importId: string, existing: string, t = token()) => api.call("PATCH", `/school/imports/${importId}`, { token: t, body: { existing } });
  const rowsOf = async (importId: string) =>
    (await expectOk<ImportRowsPage>(await api.call("GET", `/school/imports/${importId}/rows?limit=500`, { token: token() }))).rows;
  const row = (rows: StagedRow[], rowNumber: number) =>
    present(
      rows.find((r) => r.rowNumber === rowNumber),
      `row ${rowNumber}`,
    );
  const schoolsNamed = (names: string[]) => api.db.select().from(school).where(inArray(school.name, names));
  /** Schools made through an upload confirmed by the district's administrator. */
  const made = async (rows: string[][]) => {
    await expectOk(await confirm((await upload(rows)).importId));
    return schoolsNamed(rows.map((r) => present(r[0])));
  };
  const downloaded = async () => {
    const response = await api.call("GET", "/school/download", { token: token() });
    const [sheet] = await readWorkbook(new Uint8Array(await response.arrayBuffer()));
    return (sheet?.rows ?? []).slice(1).map((r) => header.map((_, i) => String(r[i]?.value ?? "")));
  };
  const updatesOf = (ids: string[]) =>
    api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, "school.update"), inArray(auditLog.recordId, ids)));

  it("re-uploads the downloaded schools with one cell changed and a row added: 1 new, 1 update with before and after, the rest unchanged; applied once, audited", async () => {
    const ours = [newSchool(), newSchool()];
    const records = await made(ours);
    const register = await downloaded();
    const name = present(ours[1]?.[0]);
    const added = newSchool();
    const page = await upload([...register.map((r) => (r[0] === name ? [r[0], "Boarding school", ...r.slice(2)] : r)), added]);
    expect(page).toMatchObject({
      totalRows: register.length + 1,
      validRows: register.length + 1,
      newRows: 1,
      updateRows: 1,
      unchangedRows: register.length - 1,
    });
    const update = present(page.rows.find((r) => r.kind === "update"));
    expect(update).toMatchObject({ data: { name, description: "Boarding school" }, before: { description: "Day school" } });

    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toMatchObject({ created: 1, updated: 1, alreadyConfirmed: false });
    const after = await schoolsNamed([...ours, added].map((r) => present(r[0])));
    expect(after).toHaveLength(3);
    const changed = present(after.find((s) => s.name === name));
    expect(changed).toMatchObject({ description: "Boarding school", version: 2 });
    const entries = await updatesOf(records.map((r) => r.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      recordId: changed.id,
      actorStaffId: admin1.staff.id,
      before: { description: "Day school", version: 1 },
      after: { description: "Boarding school", version: 2, byImportId: page.importId },
    });
    // The import that made the change is named on the entry.
    expect(present(entries[0]).before).not.toHaveProperty("byImportId");
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toMatchObject({ created: 1, updated: 1, alreadyConfirmed: true });
    expect(await updatesOf([changed.id])).toHaveLength(1);
  });

  it("skips updates, or holds them as errors; creates the valid rows and leaves the rest", async () => {
    const [ours] = [newSchool()];
    await made([present(ours)]);
    const edited = [present(ours[0]), "Skipped", ...present(ours).slice(2)];
    const fresh = newSchool();
    const page = await upload([edited, fresh]);
    expect(page).toMatchObject({ updateRows: 1, newRows: 1 });
    await expectOk(await choose(page.importId, "skip"));
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toMatchObject({ created: 1, updated: 0 });

    const later = newSchool();
    const again = await upload([edited, later]);
    const held = await expectOk<ImportRowsPage>(await choose(again.importId, "error"));
    expect(held).toMatchObject({ invalidRows: 1, updateRows: 0 });
    expect(row(held.rows, 2).errors).toEqual({ name: schoolMessages.nameTaken });
    await expectError(await confirm(again.importId), 400, importMessages.fixFirst(1));
    expect(await expectOk<ImportConfirmed>(await confirm(again.importId, token(), "valid"))).toMatchObject({ created: 1, updated: 0 });
    expect(present((await schoolsNamed([present(ours[0])]))[0])).toMatchObject({ description: "Day school", version: 1 });
  });

  it("refuses a row whose school was changed between the upload and the apply, and one whose new category its classes do not fit", async () => {
    const [a, b] = [newSchool(), newSchool()];
    const records = await made([a, b]);
    const page = await upload([
      [present(a[0]), "Upload A", ...a.slice(2)],
      [present(b[0]), "Upload B", ...b.slice(2)],
    ]);
    const recordA = present(records.find((r) => r.name === a[0]));
    await api.db
      .update(school)
      .set({ description: "Edited Elsewhere", version: sql`${school.version} + 1` })
      .where(eq(school.id, recordA.id));
    const refused = await expectError(await confirm(page.importId), 409, `Row 2: ${importMessages.changedSinceUpload}`);
    expect(refused.message).not.toContain("Row 3");
    expect(row(await rowsOf(page.importId), 2)).toMatchObject({ valid: false, errors: { name: importMessages.changedSinceUpload } });
    expect((await schoolsNamed([present(b[0])]))[0]?.version).toBe(1);
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId, token(), "valid"))).toMatchObject({ updated: 1 });

    // The seeded junior school has JSS classes: it cannot become a primary school, by form or by sheet.
    const register = await downloaded();
    const junior = present(register.find((r) => r[0] === ALIMOSHO));
    const primary = await upload([[...junior.slice(0, 4), "Primary"]]);
    expect(row(primary.rows, 2)).toMatchObject({ kind: "update", before: { category: "Junior Secondary" } });
    await expectError(await confirm(primary.importId), 409, `Row 2: ${schoolMessages.categoryKeepsClasses}`);
    expect(row(await rowsOf(primary.importId), 2).errors).toEqual({ category: schoolMessages.categoryKeepsClasses });
  });

  it("matches only schools in the uploader's scope; needs school.update to apply updates, though skipping them does not", async () => {
    const { role: desk } = await expectOk<{ role: RoleSummary }>(
      await api.call("POST", "/role/add", {
        token: token(),
        body: { name: "Alimosho schools desk", operations: ["school.view", "school.update", "school.upload", "school.download", "audit.view"] },
      }),
      201,
    );
    const lgea = (await workingAtAlimoshoLgea(api, admin1, desk.id)).authorizationToken;
    const register = await downloaded();
    const agege = present(register.find((r) => r[0] === AGEGE));
    const alimosho = present(register.find((r) => r[0] === ALIMOSHO));
    // Agege's school is another LGEA's: its name is taken, not the Alimosho LGEA's to update.
    const page = await upload(
      [
        [AGEGE, "Taken over", agege[2] ?? "", "Alimosho", agege[4] ?? ""],
        [ALIMOSHO, "Updated by the LGEA", ...alimosho.slice(2)],
      ],
      lgea,
    );
    expect(row(page.rows, 2)).toMatchObject({ kind: "new", errors: { name: schoolMessages.nameTaken } });
    expect(row(page.rows, 3)).toMatchObject({ kind: "update", valid: true });
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId, lgea, "valid"))).toMatchObject({ created: 0, updated: 1 });
    const now = await schoolsNamed([AGEGE, ALIMOSHO]);
    expect(now.find((s) => s.name === ALIMOSHO)?.description).toBe("Updated by the LGEA");
    expect(now.find((s) => s.name === AGEGE)?.description).not.toBe("Taken over");
    // The entry names the import below the district level only to the district.
    const alimoshoId = present(now.find((s) => s.name === ALIMOSHO)).id;
    const trail = async (t: string) =>
      (await expectOk<AuditPage>(await api.call("GET", `/audit/search?recordId=${alimoshoId}`, { token: t }))).entries.filter(
        (e) => e.operation === "school.update",
      );
    expect((await trail(lgea))[0]?.changes.map((c) => c.field)).toEqual(["description"]);
    expect((await trail(token()))[0]?.changes).toContainEqual({ field: "byImportId", before: null, after: page.importId });

    // Given school.upload but not school.update: may add schools, not change them.
    const { role } = await expectOk<{ role: RoleSummary }>(
      await api.call("POST", "/role/add", { token: token(), body: { name: "School upload clerk", operations: ["school.view", "school.upload"] } }),
      201,
    );
    const clerkRow = await staffRow(api, "chiamaka.nwosu@example.org");
    await api.db.delete(roleAccess).where(eq(roleAccess.staffId, clerkRow.id));
    await expectOk(await api.call("POST", "/role/assign", { token: token(), body: { staffId: clerkRow.id, roleId: role.id } }), 201);
    const clerk = (await api.login("chiamaka.nwosu@example.org", demoPasswords.staff)).authorizationToken;
    const fresh = newSchool();
    const staged = await upload([[ALIMOSHO, "By the clerk", ...alimosho.slice(2)], fresh], clerk);
    expect(staged).toMatchObject({ mayUpdate: false, updateRows: 1, newRows: 1 });
    await expectError(await confirm(staged.importId, clerk), 403, importMessages.mayNotUpdate);
    await expectOk(await choose(staged.importId, "skip", clerk));
    expect(await expectOk<ImportConfirmed>(await confirm(staged.importId, clerk))).toMatchObject({ created: 1, updated: 0 });
    expect(present((await schoolsNamed([ALIMOSHO]))[0]).description).toBe("Updated by the LGEA");
  });
});
