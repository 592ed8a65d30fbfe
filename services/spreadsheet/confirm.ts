import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { importMessages, type ImportConfirmed } from "../../lib/contract/imports";
import { recordAudit } from "../db/audit";
import { notify } from "../db/notify";
import { dataImport, importRow } from "../db/schema";
import { scopeInDistrict, within, type StaffScope } from "../db/scope";
import type { Actor, Deps } from "../http/context";
import { describeForLog } from "../http/error-log";
import { AppError } from "../http/errors";
import { logFor } from "../observability/log";
import { timeImportConfirm } from "../observability/import-metrics";
import { confirmPage, markRefused, RefusedRows, type AfterCommit, type Refused } from "./confirm-page";
import type { DownloadQuery, EntityDefinition } from "./entity";
import { mayUpdate } from "./staged-rows";

const PAGE = 2_000;

/**
 * Step two: creates every staged row in one transaction, all or nothing, and applies the rows that name an
 * existing record as the import's choice says (apply, skip, or held as errors). The import is locked for the
 * transaction and marked confirmed in it, so a retried or concurrent confirm creates nothing twice: it answers
 * with the first one's counts. Rows are checked once more, against each other and against what exists (after
 * the entity's lock), since someone may have added the same record meanwhile; a record changed or added since
 * the upload refuses its row, which is marked with why (the rest is rolled back, for the user to decide).
 * `rows: "valid"` creates the valid rows and leaves the rows in error. What the entity leaves for after the
 * commit (its mail) runs only once the rows are there for good. The trail gets what a single create or edit
 * writes for each record, and one `<entity>.import` entry for the whole.
 */
export async function confirmImport<C, P, Q extends DownloadQuery>(
  deps: Deps,
  requestScope: StaffScope,
  actor: Actor,
  entity: EntityDefinition<C, P, Q>,
  importId: string,
  successMessage: string,
  rows: "all" | "valid" = "all",
): Promise<ImportConfirmed> {
  const done = timeImportConfirm(entity.entity);
  // The import's staged rows, once counted: what a confirm that fails leaves uncreated.
  let staged = 0;
  try {
    const confirmed = await createStaged(deps, requestScope, actor, entity, { importId, successMessage, rows }, (n) => (staged = n));
    done("success", confirmed.alreadyConfirmed ? 0 : confirmed.created);
    return confirmed;
  } catch (error) {
    done("failure", staged);
    if (error instanceof RefusedRows) {
      await markRefused(deps.db, error.rows);
      throw new AppError("conflict", error.rows.map((r) => `Row ${r.rowNumber}: ${r.message}`).join(" "));
    }
    throw error;
  }
}

/** The confirm itself; `counted` hears how many rows it concerns as soon as they are counted. */
async function createStaged<C, P, Q extends DownloadQuery>(
  deps: Deps,
  requestScope: StaffScope,
  actor: Actor,
  entity: EntityDefinition<C, P, Q>,
  ask: { importId: string; successMessage: string; rows: "all" | "valid" },
  counted: (staged: number) => void,
): Promise<ImportConfirmed> {
  const afterCommit: AfterCommit[] = [];
  const { successMessage } = ask;
  const confirmed = await deps.db.transaction(async (tx): Promise<ImportConfirmed> => {
    const [record] = await tx
      .select()
      .from(dataImport)
      .where(and(eq(dataImport.id, ask.importId), eq(dataImport.entity, entity.entity), within(requestScope, dataImport)))
      .for("update");
    if (!record) throw new AppError("not_found", importMessages.importNotFound);
    const scope = scopeInDistrict(requestScope, record.districtId);
    if (record.status === "confirmed")
      return { message: successMessage, created: record.createdCount ?? 0, updated: record.updatedCount ?? 0, alreadyConfirmed: true };

    const leaving = ask.rows === "valid";
    const [rows] = await tx
      .select({ all: sql<number>`count(*)`.mapWith(Number), invalid: sql<number>`count(*) filter (where not ${importRow.valid})`.mapWith(Number) })
      .from(importRow)
      .where(eq(importRow.importId, record.id));
    counted((rows?.all ?? 0) - (leaving ? (rows?.invalid ?? 0) : 0));
    if (!leaving && (rows?.invalid ?? 0) > 0) throw new AppError("bad_request", importMessages.fixFirst(rows?.invalid ?? 0));
    const context = await entity.context(tx, scope);
    await entity.lock?.(tx, context);
    const applying = record.existing === "update";
    const [updates] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(importRow)
      .where(and(eq(importRow.importId, record.id), eq(importRow.valid, true), isNotNull(importRow.matchId), sql`${importRow.changes} <> '{}'::jsonb`));
    if (applying && (updates?.n ?? 0) > 0 && !mayUpdate(actor, entity.match)) throw new AppError("forbidden", importMessages.mayNotUpdate);

    // Per key, the first row of each value: two rows that both passed their checks still do not both get created.
    const firstRowOf = entity.uniqueKeys.map(() => new Map<string, number>());
    const earlierRow = (i: number, value: string, rowNumber: number) => {
      const seen = firstRowOf[i];
      const first = seen?.get(value);
      if (first === undefined) seen?.set(value, rowNumber);
      return first;
    };
    const refused: Refused[] = [];
    let created = 0;
    let updated = 0;
    let matched = 0;
    for (let after = 0; ;) {
      const page = await tx
        .select()
        .from(importRow)
        .where(and(eq(importRow.importId, record.id), leaving ? eq(importRow.valid, true) : undefined, gt(importRow.rowNumber, after)))
        .orderBy(asc(importRow.rowNumber))
        .limit(PAGE);
      if (page.length === 0) break;
      after = page.at(-1)?.rowNumber ?? after;
      const done = await confirmPage(tx, entity, page, { scope, actor, context, deps, record, earlierRow, applying, refused });
      created += done.created;
      updated += done.updated;
      matched += done.matched;
      afterCommit.push(...done.afterCommit);
    }
    if (refused.length > 0) throw new RefusedRows(refused);
    if (created === 0 && updated === 0) throw new AppError("bad_request", matched > 0 ? importMessages.nothingToChange : importMessages.nothingToCreate);
    await tx
      .update(dataImport)
      .set({ status: "confirmed", createdCount: created, updatedCount: updated, confirmedAt: new Date() })
      .where(and(eq(dataImport.id, record.id), within(scope, dataImport)));
    await recordAudit(tx, actor, `${entity.entity}.import`, { id: record.id, districtId: record.districtId }, null, {
      filename: record.filename,
      created,
      updated,
    });
    // The bell of whoever started it: a long import may be left running in another tab.
    await notify(tx, [actor.staffId], { kind: "import.finished", entity: entity.entity, created });
    return { message: successMessage, created, updated, alreadyConfirmed: false };
  });
  await runAfterCommit(afterCommit);
  return confirmed;
}

/** The rows are created whatever happens here: a failing step is logged, and the answer still says they were. */
async function runAfterCommit(steps: AfterCommit[]) {
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      logFor("import").error({ error: describeForLog(error) }, "a step after the commit failed");
    }
  }
}
