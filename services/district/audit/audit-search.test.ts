import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditMessages, type AuditEntry } from "../../../lib/contract/audit";
import type { SchoolDetail } from "../../../lib/contract/schools";
import { todayInLagos } from "../../../lib/contract/staff-values";
import type { AuthResult } from "../../../lib/contract/user";
import { auditLog } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";
import { readWorkbook } from "../../test/workbooks";
import { auditCalls, dayAfter } from "./audit-test-support";

/**
 * GET /audit/search and /audit/download (issue: the audit trail): who changed which record and what it was
 * before, newest first, filtered by person, kind, operation, record and days, a page at a time; each
 * district's trail its own, every district's for a super administrator.
 */
describe("the audit trail, read", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let superAdmin: AuthResult;
  let d1: string;
  let d2: string;
  let school: SchoolDetail;
  let calls: ReturnType<typeof auditCalls>;
  const adminName = () => `${admin1.staff.firstName} ${admin1.staff.lastName}`;

  beforeAll(async () => {
    api = await createTestApi();
    calls = auditCalls(api);
    [admin1, admin2, superAdmin] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2), api.loginSuperAdmin()]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
    school = await calls.addSchool(admin1, "Audit Trail Primary School", "Agege");
    school = await calls.renameSchool(admin1, school, "Audit Trail Model Primary School");
  });
  afterAll(() => api.close());

  it("shows a change made by one person to another, with the fields it changed before → after", async () => {
    // The super administrator reads district 1's trail: the district administrator's rename is there, newest first.
    const { entries } = await calls.page(superAdmin, { "district[0]": d1, recordId: school.id });
    expect(entries.map((e) => e.operation)).toEqual(["school.update", "school.create"]);
    const [update, create] = entries as [AuditEntry, AuditEntry];
    expect(update).toMatchObject({
      kind: "school",
      recordId: school.id,
      recordName: "Audit Trail Model Primary School",
      actor: { id: admin1.staff.id, name: adminName() },
      // Only what changed: the name, not the address nor the bookkeeping (version, updatedAt).
      changes: [{ field: "name", before: "Audit Trail Primary School", after: "Audit Trail Model Primary School" }],
    });
    expect(Date.parse(update.at)).toBeGreaterThanOrEqual(Date.parse(create.at));
    // A created record shows every field it was created with, from nothing.
    expect(create.changes).toEqual(
      expect.arrayContaining([
        { field: "name", before: null, after: "Audit Trail Primary School" },
        { field: "localGovernment", before: null, after: "Agege" },
      ]),
    );
    expect(create.changes.map((c) => c.field)).not.toContain("version");
  });

  it("filters by person, kind, operation, record and days, each alone and together", async () => {
    const other = await calls.addSchool(admin1, "Audit Filter Junior School", "Agege");
    const today = todayInLagos();
    const ids = (entries: AuditEntry[]) => entries.map((e) => e.recordId);

    const byKind = await calls.page(admin1, { kind: "school", limit: 200 });
    expect(byKind.entries.every((e) => e.kind === "school")).toBe(true);
    expect(ids(byKind.entries)).toEqual(expect.arrayContaining([school.id, other.id]));

    const byOperation = await calls.page(admin1, { operation: "school.update", limit: 200 });
    expect(byOperation.entries.every((e) => e.operation === "school.update")).toBe(true);
    expect(ids(byOperation.entries)).toContain(school.id);
    expect(ids(byOperation.entries)).not.toContain(other.id);

    const byActor = await calls.page(admin1, { actor: admin1.staff.id, recordId: other.id });
    expect(byActor.entries).toMatchObject([{ operation: "school.create", actor: { id: admin1.staff.id } }]);
    expect((await calls.page(admin1, { actor: superAdmin.staff.id, recordId: other.id })).entries).toEqual([]);

    // Today's changes are in today's range and not in yesterday's; an end before the start is refused.
    expect(ids((await calls.page(admin1, { startDate: today, endDate: today, recordId: other.id })).entries)).toEqual([other.id]);
    expect((await calls.page(admin1, { endDate: dayAfter(today, -1), recordId: other.id })).entries).toEqual([]);
    expect((await calls.page(admin1, { startDate: dayAfter(today, 1), recordId: other.id })).entries).toEqual([]);
    const refused = await calls.search(admin1, { startDate: today, endDate: dayAfter(today, -1) });
    expect(refused.status).toBe(400);
    expect((await calls.search(admin1, { kind: "password" as "school" })).status).toBe(400);
  });

  it("pages newest first by cursor without repeating or missing an entry, even when entries share a time", async () => {
    let renamed = await calls.addSchool(admin1, "Audit Paging School", "Agege");
    for (let i = 1; i <= 4; i++) renamed = await calls.renameSchool(admin1, renamed, `Audit Paging School ${i}`);
    // Two more entries at one instant: the cursor's id breaks the tie.
    const at = new Date();
    await api.db
      .insert(auditLog)
      .values(
        ["a", "b"].map((n) => ({ actorStaffId: admin1.staff.id, districtId: d1, operation: "school.update", recordId: renamed.id, after: { name: n }, at })),
      );
    const all = await calls.page(admin1, { recordId: renamed.id, limit: 200 });
    expect(all.entries).toHaveLength(7);
    expect(all.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const next = await calls.page(admin1, { recordId: renamed.id, limit: 2, cursor });
      seen.push(...next.entries.map((e) => e.id));
      cursor = next.nextCursor;
      pages++;
    }
    expect(pages).toBe(4);
    expect(seen).toEqual(all.entries.map((e) => e.id));
    const times = all.entries.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await expectError(await calls.search(admin1, { cursor: "not-a-cursor" }), 400, auditMessages.badCursor);
  });

  it("keeps each district's trail its own: another district's is not found, the super administrator's reach is every district", async () => {
    const mine = await calls.page(admin2, { recordId: school.id });
    expect(mine.entries).toEqual([]);
    expect((await calls.search(admin2, { "district[0]": d1 })).status).toBe(404);
    expect((await calls.search(admin1, { "district[0]": d2 })).status).toBe(404);
    expect((await api.call("GET", `/audit/download?district[0]=${d1}`, { token: admin2.authorizationToken })).status).toBe(404);
    expect((await api.call("GET", `/audit/people?district[0]=${d1}`, { token: admin2.authorizationToken })).status).toBe(404);
    const ofD2 = await calls.page(superAdmin, { "district[0]": d2, limit: 200 });
    expect(ofD2.entries.map((e) => e.recordId)).not.toContain(school.id);
    expect((await calls.search(admin1, {})).status).toBe(200);
    // Without a token, nothing.
    expect((await api.call("GET", "/audit/search")).status).toBe(401);
  });

  it("never shows a secret: a staff member created and reset holds no password, hash or code in the trail", async () => {
    const stored = await api.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(
        sql`${auditLog.before}::text ~* '"[a-z]*(password|hash|token)[a-z]*"\\s*:' or ${auditLog.after}::text ~* '"[a-z]*(password|hash|token)[a-z]*"\\s*:'`,
      );
    expect(stored[0]?.n).toBe(0);
    const { entries } = await calls.page(admin1, { kind: "staff", limit: 200 });
    expect(JSON.stringify(entries)).not.toMatch(/password|argon|hash/i);
  });

  it("downloads the filtered trail as a spreadsheet, newest first, every cell text: a name that looks like a formula stays text", async () => {
    const formula = await calls.addSchool(admin1, '=HYPERLINK("http://x.example","Audit")', "Agege");
    const response = await api.call("GET", `/audit/download?recordId=${formula.id}`, { token: admin1.authorizationToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain('filename="audit-trail.xlsx"');
    const [sheet] = await readWorkbook(new Uint8Array(await response.arrayBuffer()));
    expect(sheet?.name).toBe("Audit trail");
    const rows = sheet?.rows ?? [];
    for (const r of rows) for (const c of r) expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Null]).toContain(c.type);
    const text = rows.map((r) => r.map((c) => (c.value ?? "") as string));
    expect(text[0]).toEqual(["Date", "Person", "Kind", "Operation", "Record", "Record ID", "Changes"]);
    expect(text).toHaveLength(2);
    expect(text[1]?.slice(1, 6)).toEqual([adminName(), "School", "School: create", formula.name, formula.id]);
    expect(text[1]?.[6]?.split("\n")).toEqual(expect.arrayContaining([`Name: ${formula.name}`, "Local government: Agege", "Address: 1 Audit Road"]));
    // A blank description is no change worth a line.
    expect(text[1]?.[6]).not.toContain("Description");
    expect(text[1]?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("is append-only through the API: no route changes or removes an entry", async () => {
    const auditRoutes = api.district.routes.filter((r) => r.path.startsWith("/audit"));
    expect(auditRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      "GET /audit/download",
      "GET /audit/operations",
      "GET /audit/people",
      "GET /audit/search",
    ]);
    const [entry] = await api.db.select().from(auditLog).where(eq(auditLog.recordId, school.id)).limit(1);
    for (const method of ["PATCH", "PUT", "DELETE"])
      expect([404, 405]).toContain((await api.call(method, `/audit/${entry?.id}`, { token: superAdmin.authorizationToken, body: {} })).status);
  });

  it("lists the operations the district's trail holds, in name order, for the operation filter", async () => {
    const operations = await expectOk<string[]>(await api.call("GET", "/audit/operations", { token: admin1.authorizationToken }));
    expect(operations).toEqual(expect.arrayContaining(["school.create", "school.update"]));
    expect(operations).toEqual([...operations].sort());
    expect(new Set(operations).size).toBe(operations.length);
    const ofD2 = await expectOk<string[]>(await api.call("GET", "/audit/operations", { token: admin2.authorizationToken }));
    expect(ofD2).not.toContain("school.update");
    expect((await api.call("GET", `/audit/operations?district[0]=${d1}`, { token: admin2.authorizationToken })).status).toBe(404);
  });

  it("finds the people a trail can be filtered by, within the district, by name", async () => {
    const people = await expectOk<{ id: string; name: string }[]>(
      await api.call("GET", `/audit/people?search=${encodeURIComponent(admin1.staff.lastName)}`, { token: admin1.authorizationToken }),
    );
    expect(people).toContainEqual({ id: admin1.staff.id, name: adminName() });
    const fromD2 = await expectOk<{ id: string }[]>(
      await api.call("GET", `/audit/people?search=${encodeURIComponent(admin2.staff.lastName)}`, { token: admin1.authorizationToken }),
    );
    expect(fromD2.map((p) => p.id)).not.toContain(admin2.staff.id);
  });
});
