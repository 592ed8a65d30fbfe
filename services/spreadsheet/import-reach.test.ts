import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditPage } from "../../lib/contract/audit";
import { importMessages, type ImportConfirmed, type ImportRowsPage } from "../../lib/contract/imports";
import type { AuthResult } from "../../lib/contract/user";
import { demoPasswords } from "../db/demo-data";
import { importRow, lgea, school } from "../db/schema";
import { createTestApi, type TestApi } from "../test/harness";
import { expectError, expectOk, staffRow } from "../test/helpers";
import { workbooks } from "../test/workbooks";

/**
 * Issue 35, finding 2: staged imports were narrowed by district only, so an LGEA's (or a school's) staff member
 * holding the upload permission could read, fix, drop and confirm the rows the district administrator staged
 * (pupils of other LGEAs included), and learned import ids from the audit trail. Below the district level an
 * import is now whoever started it's alone, and the trail read there carries no import id.
 */
let api: TestApi;
let admin: AuthResult;
let lgeaToken: string;
let adminImport: ImportRowsPage;

const header = ["Name", "Description", "Address", "Local Government", "Category"];
function upload(token: string, rows: string[][]) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(workbooks.csv([header, ...rows]))]), "schools.csv");
  return api.call("POST", "/school/upload-multiple", { token, form });
}

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.loginAdmin(1);
  const districtId = admin.staff.district.id;
  const [alimosho] = await api.db.select().from(lgea).where(eq(lgea.localGovernment, "Alimosho"));
  const role = await expectOk<{ role: { id: string } }>(
    await api.call("POST", "/role/add", {
      token: admin.authorizationToken,
      body: { name: "LGEA Schools Uploader", operations: ["school.view", "school.create", "school.upload", "audit.view"] },
    }),
    201,
  );
  const person = await staffRow(api, "funmilayo.ogunleye@example.org");
  const { roleAccessId } = await expectOk<{ roleAccessId: string }>(
    await api.call("POST", "/role/assign", {
      token: admin.authorizationToken,
      body: { staffId: person.id, roleId: role.role.id, organizationId: alimosho?.id },
    }),
    201,
  );
  const signedIn = await api.login("funmilayo.ogunleye@example.org", demoPasswords.staff);
  const switched = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${roleAccessId}`, { token: signedIn.authorizationToken }));
  expect(switched.currentOrganization.id).toBe(alimosho?.id);
  lgeaToken = switched.authorizationToken;
  // The district administrator stages schools of two LGEAs, one row in error.
  adminImport = await expectOk<ImportRowsPage>(
    await upload(admin.authorizationToken, [
      ["Reach Agege School", "", "1 Reach Road", "Agege", "Primary"],
      ["Reach Alimosho School", "", "2 Reach Road", "Alimosho", "Primary"],
      ["X", "", "", "Agege", "Primary"],
    ]),
    201,
  );
  expect(districtId).toBeTruthy();
});
afterAll(() => api.close());

describe("staged imports below the district level", () => {
  it("refuses the district administrator's import to an LGEA's staff: rows, fixes, drops, rejected rows and confirm are 404", async () => {
    const id = adminImport.importId;
    const rowId = adminImport.rows[0]?.id ?? "";
    const as = { token: lgeaToken };
    await expectError(await api.call("GET", `/school/imports/${id}/rows`, as), 404, importMessages.importNotFound);
    await expectError(await api.call("GET", `/school/imports/${id}/rejected`, as), 404, importMessages.importNotFound);
    await expectError(
      await api.call("PATCH", `/school/imports/${id}/rows/${rowId}`, { ...as, body: { data: { name: "Renamed By Lgea" } } }),
      404,
      importMessages.importNotFound,
    );
    await expectError(await api.call("DELETE", `/school/imports/${id}/rows/${rowId}`, as), 404, importMessages.importNotFound);
    await expectError(await api.call("POST", "/school/create-multiple-schools", { ...as, body: { importId: id } }), 404, importMessages.importNotFound);
    // Nothing of it changed: every row is still there as staged.
    const rows = await api.db.select().from(importRow).where(eq(importRow.importId, id));
    expect(rows.map((r) => r.data.name).sort()).toEqual(["Reach Agege School", "Reach Alimosho School", "X"]);
  });

  it("lets the LGEA's staff member work on their own import, and the district administrator still reads it", async () => {
    const own = await expectOk<ImportRowsPage>(await upload(lgeaToken, [["Own Alimosho School", "", "3 Reach Road", "Alimosho", "Primary"]]), 201);
    await expectOk<ImportRowsPage>(await api.call("GET", `/school/imports/${own.importId}/rows`, { token: lgeaToken }));
    await expectOk<ImportRowsPage>(await api.call("GET", `/school/imports/${adminImport.importId}/rows`, { token: admin.authorizationToken }));
    await expectOk<ImportRowsPage>(await api.call("GET", `/school/imports/${own.importId}/rows`, { token: admin.authorizationToken }));
  });

  it("does not show an LGEA's staff the import id of entries they can read; the district administrator sees it", async () => {
    const staged = await expectOk<ImportRowsPage>(
      await upload(admin.authorizationToken, [["Trail Alimosho School", "", "4 Reach Road", "Alimosho", "Primary"]]),
      201,
    );
    await expectOk<ImportConfirmed>(
      await api.call("POST", "/school/create-multiple-schools", { token: admin.authorizationToken, body: { importId: staged.importId } }),
    );
    const [created] = await api.db.select().from(school).where(eq(school.name, "Trail Alimosho School"));
    const trail = async (token: string) => (await expectOk<AuditPage>(await api.call("GET", `/audit/search?recordId=${created?.id}`, { token }))).entries;
    const seenByLgea = await trail(lgeaToken);
    expect(seenByLgea).toHaveLength(1);
    expect(seenByLgea[0]?.changes.map((c) => c.field)).not.toContain("importId");
    expect(JSON.stringify(seenByLgea)).not.toContain(staged.importId);
    const download = await api.call("GET", `/audit/download?recordId=${created?.id}`, { token: lgeaToken });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).includes(Buffer.from(staged.importId))).toBe(false);
    const seenByAdmin = await trail(admin.authorizationToken);
    expect(seenByAdmin[0]?.changes).toContainEqual({ field: "importId", before: null, after: staged.importId });
  });
});
