import type { Actor } from "../http/context";
import type { Db } from "./client";
import { auditLog } from "./schema";

type Writer = Pick<Db, "insert">;

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
  await db.insert(auditLog).values({ actorStaffId: actor.staffId, districtId: record.districtId, operation, recordId: record.id, before, after });
}
