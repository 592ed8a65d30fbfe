import type { Actor } from "../http/context";
import type { Db } from "./client";
import { auditLog } from "./schema";

type Writer = Pick<Db, "insert">;

/** Who did what to which record, with the values before and after; written in the same transaction as the change. */
export async function recordAudit(db: Writer, actor: Actor, operation: string, recordId: string, before: unknown, after: unknown) {
  await db.insert(auditLog).values({ actorStaffId: actor.staffId, districtId: actor.districtId, operation, recordId, before, after });
}
