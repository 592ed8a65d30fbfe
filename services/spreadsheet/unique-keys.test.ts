import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importMessages, type StagedRow } from "../../lib/contract/imports";
import type { AuthResult } from "../../lib/contract/user";
import { dataImport, importRow } from "../db/schema";
import type { StaffScope } from "../db/scope";
import type { Actor } from "../http/context";
import { AppError } from "../http/errors";
import { createTestApi, type TestApi } from "../test/harness";
import { present } from "../test/helpers";
import { workbooks } from "../test/workbooks";
import { confirmImport } from "./confirm";
import { districtQuery, storedKey, type EntityDefinition } from "./entity";
import { stageImport } from "./stage";
import { dropRow, editRow, findImport, rowsPage } from "./staged-rows";

/**
 * The engine with an entity of its own: two unique keys (a code and an e-mail), a lock and a step after
 * the commit, each of which leaves a line in `log`.
 */
describe("the import engine with several unique keys, a lock and a step after the commit", () => {
  let api: TestApi;
  let admin: AuthResult;
  let scope: StaffScope;
  let actor: Actor;
  const log: string[] = [];
  let createdCount: ((rows: number) => number) | undefined;

  const entity: EntityDefinition<{ taken: Set<string> }, Record<string, string>> = {
    entity: "engine-probe",
    sheetName: "Rows",
    columns: [
      { key: "code", header: "Code", required: true, example: "A1" },
      { key: "email", header: "Email", required: true, example: "a@example.org" },
      { key: "note", header: "Note", required: false, example: "" },
    ],
    context: async () => ({ taken: new Set(["taken-code", "taken@example.org"]) }),
    validate: (data) => (data.note === "bad" ? { errors: { note: "Not a note." } } : { value: data }),
    uniqueKeys: [
      {
        column: "code",
        of: (data) => (data.code ?? "").toLowerCase(),
        taken: async (_db, _scope, values, context) => new Set(values.filter((v) => context.taken.has(v))),
        takenMessage: "Code taken.",
      },
      {
        column: "email",
        of: (data) => (data.email ?? "").toLowerCase(),
        taken: async (_db, _scope, values, context) => new Set(values.filter((v) => context.taken.has(v))),
        takenMessage: "E-mail taken.",
      },
    ],
    lock: async () => {
      log.push("lock");
    },
    create: async (_tx, rows, { importId }) => {
      log.push(`create ${rows.length}`);
      return {
        count: createdCount ? createdCount(rows.length) : rows.length,
        audited: [],
        // Read outside the transaction: only a committed import reads as confirmed (and a step run inside it would wait for ever on PGlite).
        afterCommit: async () => {
          const [record] = await api.db.select().from(dataImport).where(eq(dataImport.id, importId));
          log.push(`after commit: ${record?.status}`);
        },
      };
    },
    allowedValues: () => ({}),
    exportQuery: districtQuery,
    exportRows: async function* () {},
  };

  beforeAll(async () => {
    api = await createTestApi();
    admin = await api.loginAdmin(1);
    const districtId = admin.staff.district.id;
    scope = { kind: "staff", staffId: admin.staff.id, districtId, allDistricts: false, level: "district", organizationId: districtId };
    actor = {
      staffId: admin.staff.id,
      districtId,
      organizationId: districtId,
      sessionId: "engine-test",
      organizationType: "District",
      isSuperAdmin: false,
      districtStatus: "Active",
      isDistrictOwner: true,
      permissions: new Set(),
    };
  });
  afterAll(() => api.close());

  const stage = async (rows: string[][]) => {
    const path = join(tmpdir(), `engine-${Date.now()}-${Math.random()}.csv`);
    await writeFile(path, workbooks.csv([["Code", "Email", "Note"], ...rows]));
    return stageImport(api.db, scope, actor, entity, { path, filename: "probe.csv" });
  };
  const rowsOf = async (importId: string) =>
    (await rowsPage(api.db, entity, await findImport(api.db, scope, entity.entity, importId), 1, 100, "all", actor)).rows;
  const errorsByRow = async (importId: string) => Object.fromEntries((await rowsOf(importId)).map((r) => [r.rowNumber, r.errors]));
  const row = (rows: StagedRow[], rowNumber: number) => present(rows.find((r) => r.rowNumber === rowNumber));
  const confirm = (importId: string) => confirmImport({ db: api.db, config: api.config, mailer: api.mailer }, scope, actor, entity, importId, "Done");

  it("stores each key as a digest and puts a duplicate in the file, or a value taken, on that key's column", async () => {
    const summary = await stage([
      ["A1", "a@example.org", ""],
      ["a1", "b@example.org", ""],
      ["B2", "A@EXAMPLE.ORG", ""],
      ["taken-code", "c@example.org", ""],
      ["C3", "taken@example.org", ""],
      ["A1", "a@example.org", ""],
      ["", "", "bad"],
    ]);
    expect(summary).toMatchObject({ totalRows: 7, validRows: 1, invalidRows: 6 });
    expect(await errorsByRow(summary.importId)).toEqual({
      2: {},
      3: { code: importMessages.duplicateInFile(2) },
      4: { email: importMessages.duplicateInFile(2) },
      5: { code: "Code taken." },
      6: { email: "E-mail taken." },
      7: { code: importMessages.duplicateInFile(2), email: importMessages.duplicateInFile(2) },
      8: { note: "Not a note." },
    });
    const stored = await api.db
      .select({ rowNumber: importRow.rowNumber, key: importRow.dedupeKey })
      .from(importRow)
      .where(eq(importRow.importId, summary.importId));
    expect(stored.find((r) => r.rowNumber === 2)?.key).toBe(`${storedKey("a1")} ${storedKey("a@example.org")}`);
    expect(stored.find((r) => r.rowNumber === 8)?.key).toBe("");
    for (const r of stored) expect(r.key).not.toMatch(/example|a1/i);
  });

  it("rechecks, after a fix or a drop, every key of the rows it touches, including duplicates decided by rows outside them", async () => {
    const summary = await stage([
      ["A1", "a@example.org", ""],
      ["a1", "b@example.org", ""],
      ["B2", "A@EXAMPLE.ORG", ""],
      ["A1", "a@example.org", ""],
    ]);
    const record = await findImport(api.db, scope, entity.entity, summary.importId);
    const rows = await rowsOf(summary.importId);
    // Row 5 gets a code of its own: its e-mail is still row 2's.
    const fixed = await editRow(api.db, scope, entity, record, row(rows, 5).id, { code: "D4" });
    expect(fixed).toMatchObject({ valid: false, errors: { email: importMessages.duplicateInFile(2) } });
    // Without row 2, row 3 holds the code first and row 4 the e-mail, so row 5 is now row 4's duplicate.
    await dropRow(api.db, scope, entity, record, row(rows, 2).id);
    expect(await errorsByRow(summary.importId)).toEqual({ 3: {}, 4: {}, 5: { email: importMessages.duplicateInFile(4) } });
    // Taking an earlier row's code makes this row the duplicate; a value taken already is refused on its column.
    await editRow(api.db, scope, entity, record, row(rows, 5).id, { email: "taken@example.org", code: "B2" });
    expect(await errorsByRow(summary.importId)).toEqual({ 3: {}, 4: {}, 5: { code: importMessages.duplicateInFile(4), email: "E-mail taken." } });
    // A fix of a row without keys is validated too.
    const keyless = await editRow(api.db, scope, entity, record, row(rows, 5).id, { code: "", email: "", note: "bad" });
    expect(keyless).toMatchObject({ valid: false, errors: { note: "Not a note." } });

    // Row 4 shares its code with the row fixed and its e-mail with row 3, which the fix does not touch.
    const other = await stage([
      ["K1", "e@example.org", ""],
      ["Y1", "x@example.org", ""],
      ["K1", "x@example.org", ""],
    ]);
    const otherRows = await rowsOf(other.importId);
    expect(row(otherRows, 4).errors).toEqual({ code: importMessages.duplicateInFile(2), email: importMessages.duplicateInFile(3) });
    await editRow(api.db, scope, entity, await findImport(api.db, scope, entity.entity, other.importId), row(otherRows, 2).id, { code: "K2" });
    expect(await errorsByRow(other.importId)).toEqual({ 2: {}, 3: {}, 4: { email: importMessages.duplicateInFile(3) } });
  });

  it("confirms under the entity's lock, runs the step after the commit only, and refuses duplicates that slipped into valid rows", async () => {
    log.length = 0;
    const slipped = await stage([
      ["E5", "e@example.org", ""],
      ["e5", "f@example.org", ""],
    ]);
    // Two concurrent fixes could leave both rows valid: confirm checks the file once more.
    await api.db.update(importRow).set({ errors: {}, valid: true }).where(eq(importRow.importId, slipped.importId));
    await expect(confirm(slipped.importId)).rejects.toThrow(new AppError("conflict", `Row 3: ${importMessages.duplicateInFile(2)}`));
    expect(log).toEqual(["lock"]);

    log.length = 0;
    const empty = await stage([["G7", "g@example.org", ""]]);
    createdCount = () => 0;
    await expect(confirm(empty.importId)).rejects.toThrow(new AppError("bad_request", importMessages.nothingToCreate));
    createdCount = undefined;
    expect(log).toEqual(["lock", "create 1"]);

    log.length = 0;
    const good = await stage([
      ["H8", "h@example.org", ""],
      ["I9", "i@example.org", ""],
    ]);
    expect(await confirm(good.importId)).toEqual({ message: "Done", created: 2, updated: 0, alreadyConfirmed: false });
    expect(log).toEqual(["lock", "create 2", "after commit: confirmed"]);
    expect(await confirm(good.importId)).toEqual({ message: "Done", created: 2, updated: 0, alreadyConfirmed: true });
    expect(log).toHaveLength(3);
  });
});
