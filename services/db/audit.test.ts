import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../test/harness";
import { recordAudit, recordAudits } from "./audit";
import { auditLog } from "./schema";

describe("the audit trail", () => {
  let api: TestApi;
  let districtId: string;
  let staffId: string;
  beforeAll(async () => {
    api = await createTestApi();
    const admin = await api.loginAdmin(1);
    districtId = admin.staff.district.id;
    staffId = admin.staff.id;
  });
  afterAll(() => api.close());

  const entry = async () => {
    const recordId = crypto.randomUUID();
    await recordAudit(api.db, { staffId }, "probe.update", { id: recordId, districtId }, { name: "Before" }, { name: "After" });
    return recordId;
  };

  it("is append-only in the database: an update, a delete or a truncate of an entry is refused, and the entry stays", async () => {
    const recordId = await entry();
    await expect(
      api.db
        .update(auditLog)
        .set({ after: { name: "Rewritten" } })
        .where(eq(auditLog.recordId, recordId)),
    ).rejects.toThrow();
    await expect(api.db.delete(auditLog).where(eq(auditLog.recordId, recordId))).rejects.toThrow();
    await expect(api.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [kept] = await api.db.select().from(auditLog).where(eq(auditLog.recordId, recordId));
    expect(kept).toMatchObject({ operation: "probe.update", before: { name: "Before" }, after: { name: "After" } });
  });

  it("never keeps a secret: password hashes, codes, tokens and keys are left out of before and after, at any depth", async () => {
    const recordId = crypto.randomUUID();
    const secrets = { passwordHash: "$argon2id$x", codeHash: "ab12", refreshToken: "r", authorizationToken: "a", keyHash: "k", secret: "s" };
    await recordAudit(
      api.db,
      { staffId },
      "probe.create",
      { id: recordId, districtId },
      { ...secrets, name: "Before" },
      { name: "After", nested: { ...secrets, kept: 1 }, list: [secrets] },
    );
    const [row] = await api.db.select().from(auditLog).where(eq(auditLog.recordId, recordId));
    expect(row?.before).toEqual({ name: "Before" });
    expect(row?.after).toEqual({ name: "After", nested: { kept: 1 }, list: [{}] });
  });

  it("writes many entries at once, across statements of a thousand, each as recordAudit would: secrets left out", async () => {
    const operation = `probe.bulk-${crypto.randomUUID()}`;
    const entries = Array.from({ length: 2_345 }, (_, i) => ({
      record: { id: crypto.randomUUID(), districtId },
      after: { name: `Record ${i}`, passwordHash: "$argon2id$x", nested: { token: "t", kept: i } },
    }));
    await recordAudits(api.db, { staffId }, operation, entries);
    const rows = await api.db.select().from(auditLog).where(eq(auditLog.operation, operation));
    expect(rows).toHaveLength(entries.length);
    const byRecord = new Map(rows.map((r) => [r.recordId, r]));
    entries.forEach((e, i) =>
      expect(byRecord.get(e.record.id)).toMatchObject({ actorStaffId: staffId, districtId, before: null, after: { name: `Record ${i}`, nested: { kept: i } } }),
    );
    const leaked = await api.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(and(eq(auditLog.operation, operation), sql`${auditLog.after}::text ~* 'password|token|argon'`));
    expect(leaked[0]?.n).toBe(0);
    // Nothing to write is no statement, not an error.
    await recordAudits(api.db, { staffId }, operation, []);
  });
});
