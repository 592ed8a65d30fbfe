import { sql } from "drizzle-orm";
import type { Actor } from "../http/context";
import type { Db } from "./client";
import { auditLog } from "./schema";

type Writer = Pick<Db, "insert">;

/** The record an entry is about, filed under the record's district. */
export type AuditRecord = { id: string; districtId: string };

/** Keys whose values never enter the trail: password hashes, codes and their hashes, tokens, API keys, secrets. */
const SECRET_KEY = /password|hash|token|secret|^code$/i;

/** The value without any secret, at any depth (records are audited whole, and a staff row carries its password hash). */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  return value;
}

/** One entry as stored: every way of writing the trail goes through here, so none can skip the secret stripping. */
function auditRow(actor: Pick<Actor, "staffId">, operation: string, record: AuditRecord, before: unknown, after: unknown): typeof auditLog.$inferInsert {
  return {
    actorStaffId: actor.staffId,
    districtId: record.districtId,
    operation,
    recordId: record.id,
    before: withoutSecrets(before),
    after: withoutSecrets(after),
  };
}

/**
 * Who did what to which record, with the values before and after; written in the same transaction as the change.
 * Filed under the record's district, not the actor's: a super administrator may act in any district.
 */
export async function recordAudit(db: Writer, actor: Pick<Actor, "staffId">, operation: string, record: AuditRecord, before: unknown, after: unknown) {
  await db.insert(auditLog).values(auditRow(actor, operation, record, before, after));
}

/** Entries to a statement: one JSON parameter each, so a statement's size is the JSON's, not a parameter count. */
const CHUNK = 2_000;

/**
 * `recordAudit` for many records under one operation (an import's created records), in the caller's
 * transaction. The entries go in as one JSON parameter per 2,000 (`jsonb_to_recordset`), not six parameters
 * each: a parameter per value made confirming 20,000 pupils take twice as long (bench students-upload).
 */
export async function recordAudits(
  db: Pick<Db, "execute">,
  actor: Pick<Actor, "staffId">,
  operation: string,
  entries: readonly { record: AuditRecord; before?: unknown; after: unknown }[],
) {
  for (let i = 0; i < entries.length; i += CHUNK) {
    const rows = entries.slice(i, i + CHUNK).map((e) => auditRow(actor, operation, e.record, e.before ?? null, e.after));
    const json = JSON.stringify(rows.map((r) => ({ district_id: r.districtId, record_id: r.recordId, before: r.before, after: r.after })));
    await db.execute(sql`
      insert into ${auditLog} (actor_staff_id, operation, district_id, record_id, before, after)
      select ${actor.staffId}::uuid, ${operation}, x.district_id, x.record_id, x.before, x.after
      from jsonb_to_recordset(${json}::jsonb) as x(district_id uuid, record_id text, before jsonb, after jsonb)`);
  }
}
