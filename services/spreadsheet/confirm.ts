import { and, asc, eq, sql } from "drizzle-orm";
import { importMessages, type ImportConfirmed } from "../../lib/contract/imports";
import { recordAudit } from "../db/audit";
import type { Db } from "../db/client";
import { dataImport, importRow } from "../db/schema";
import { scopeInDistrict, within, type StaffScope } from "../db/scope";
import type { Actor } from "../http/context";
import { AppError } from "../http/errors";
import type { EntityDefinition } from "./entity";

const PAGE = 2_000;

/**
 * Step two: creates every staged row in one transaction, all or nothing. The import is locked for the
 * transaction and marked confirmed in it, so a retried or concurrent confirm creates nothing twice: it
 * answers with the first one's count. Rows are checked against the district once more, since someone
 * may have added the same record meanwhile.
 */
export async function confirmImport<C, P>(
  db: Db,
  requestScope: StaffScope,
  actor: Actor,
  entity: EntityDefinition<C, P>,
  importId: string,
  successMessage: string,
): Promise<ImportConfirmed> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(dataImport)
      .where(and(eq(dataImport.id, importId), eq(dataImport.entity, entity.entity), within(requestScope, dataImport)))
      .for("update");
    if (!record) throw new AppError("not_found", importMessages.importNotFound);
    const scope = scopeInDistrict(requestScope, record.districtId);
    if (record.status === "confirmed") return { message: successMessage, created: record.createdCount ?? 0, alreadyConfirmed: true };

    const [invalid] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(importRow)
      .where(sql`${importRow.importId} = ${record.id} and not ${importRow.valid}`);
    if ((invalid?.n ?? 0) > 0) throw new AppError("bad_request", importMessages.fixFirst(invalid?.n ?? 0));
    const context = await entity.context(tx, scope);
    let created = 0;
    for (let offset = 0; ; offset += PAGE) {
      const rows = await tx.select().from(importRow).where(eq(importRow.importId, record.id)).orderBy(asc(importRow.rowNumber)).limit(PAGE).offset(offset);
      if (rows.length === 0) break;
      const keys = rows.map((r) => entity.dedupeKey(r.data));
      const taken = await entity.existingKeys(tx, scope, keys.filter(Boolean));
      const parsed: P[] = [];
      for (const [i, row] of rows.entries()) {
        const result = entity.validate(row.data, context);
        if ("errors" in result || taken.has(keys[i] ?? "")) {
          // Rolled back with everything else: the import stays staged for the user to fix.
          throw new AppError("conflict", `Row ${row.rowNumber}: ${"errors" in result ? Object.values(result.errors).join(" ") : entity.existsMessage}`);
        }
        parsed.push(result.value);
      }
      created += await entity.create(tx, scope, actor, record.id, parsed);
    }
    if (created === 0) throw new AppError("bad_request", importMessages.nothingToCreate);
    await tx
      .update(dataImport)
      .set({ status: "confirmed", createdCount: created, confirmedAt: new Date() })
      .where(and(eq(dataImport.id, record.id), within(scope, dataImport)));
    await recordAudit(tx, actor, `${entity.entity}.import`, { id: record.id, districtId: record.districtId }, null, { filename: record.filename, created });
    return { message: successMessage, created, alreadyConfirmed: false };
  });
}
