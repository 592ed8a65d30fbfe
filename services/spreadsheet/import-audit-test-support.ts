import { and, eq, inArray, or, sql } from "drizzle-orm";
import { expect } from "vitest";
import { auditLog } from "../db/schema";
import type { TestApi } from "../test/harness";
import { keysOf } from "../test/helpers";

/** A value as a jsonb column gives it back (dates as ISO text, undefined keys gone). */
const asStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

type Created = { id: string; districtId: string };

/**
 * What a confirmed import left in the trail: one `<entity>.create` entry per created record, none missing and
 * none more (by the record's id, or naming the import), each by the actor, filed under the record's district,
 * holding what `view` makes of the record (as its single create audits it) plus the import's id; no key
 * anywhere that names a password or a hash; and the one `<entity>.import` entry for the whole.
 */
export async function expectImportAudited<Row extends Created>(
  api: TestApi,
  { entity, importId, actorStaffId, created, view }: { entity: string; importId: string; actorStaffId: string; created: Row[]; view: (row: Row) => object },
) {
  expect(created.length).toBeGreaterThan(0);
  const entries = await api.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.operation, `${entity}.create`),
        or(
          inArray(
            auditLog.recordId,
            created.map((r) => r.id),
          ),
          sql`${auditLog.after} ->> 'importId' = ${importId}`,
        ),
      ),
    );
  expect(entries.map((e) => e.recordId).sort()).toEqual(created.map((r) => r.id).sort());
  for (const entry of entries) {
    const row = created.find((r) => r.id === entry.recordId);
    expect(entry).toMatchObject({ actorStaffId, districtId: row?.districtId, before: null });
    expect(entry.after).toEqual(asStored({ ...(row && view(row)), importId }));
    expect(keysOf(entry).filter((key) => /password|hash/i.test(key))).toEqual([]);
  }
  const whole = await api.db.select().from(auditLog).where(eq(auditLog.recordId, importId));
  expect(whole).toMatchObject([{ operation: `${entity}.import`, actorStaffId, after: { created: created.length } }]);
}
