import type { Actor } from "../http/context";
import type { Db } from "./client";
import { auditLog } from "./schema";

type Writer = Pick<Db, "insert">;

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

/**
 * Who did what to which record, with the values before and after; written in the same transaction as the change.
 * Filed under the record's district, not the actor's: a super administrator may act in any district.
 */
export async function recordAudit(
  db: Writer,
  actor: Pick<Actor, "staffId">,
  operation: string,
  record: { id: string; districtId: string },
  before: unknown,
  after: unknown,
) {
  await db.insert(auditLog).values({
    actorStaffId: actor.staffId,
    districtId: record.districtId,
    operation,
    recordId: record.id,
    before: withoutSecrets(before),
    after: withoutSecrets(after),
  });
}
