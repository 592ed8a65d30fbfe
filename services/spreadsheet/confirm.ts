import { and, asc, eq, sql } from "drizzle-orm";
import { importMessages, type ImportConfirmed } from "../../lib/contract/imports";
import { recordAudit, recordAudits } from "../db/audit";
import { notify } from "../db/notify";
import { dataImport, importRow } from "../db/schema";
import { scopeInDistrict, within, type StaffScope } from "../db/scope";
import type { Actor, Deps } from "../http/context";
import { describeForLog } from "../http/error-log";
import { AppError } from "../http/errors";
import { logFor } from "../observability/log";
import { timeImportConfirm } from "../observability/import-metrics";
import type { Created, DownloadQuery, EntityDefinition } from "./entity";
import { addKeyErrors, keyValuesOf, takenValues } from "./unique-keys";

const PAGE = 2_000;

type AfterCommit = NonNullable<Created["afterCommit"]>;

/**
 * Step two: creates every staged row in one transaction, all or nothing. The import is locked for the
 * transaction and marked confirmed in it, so a retried or concurrent confirm creates nothing twice: it
 * answers with the first one's count. Rows are checked once more, against each other and against what
 * exists (after the entity's lock), since someone may have added the same record meanwhile. What the
 * entity leaves for after the commit (its mail) runs only once the rows are there for good. The trail gets
 * what a single create writes for each record (`<entity>.create`), and one `<entity>.import` entry for the whole.
 */
export async function confirmImport<C, P, Q extends DownloadQuery>(
  deps: Deps,
  requestScope: StaffScope,
  actor: Actor,
  entity: EntityDefinition<C, P, Q>,
  importId: string,
  successMessage: string,
): Promise<ImportConfirmed> {
  const done = timeImportConfirm(entity.entity);
  // The import's staged rows, once counted: what a confirm that fails leaves uncreated.
  let staged = 0;
  try {
    const confirmed = await createStaged(deps, requestScope, actor, entity, importId, successMessage, (n) => (staged = n));
    done("success", confirmed.alreadyConfirmed ? 0 : confirmed.created);
    return confirmed;
  } catch (error) {
    done("failure", staged);
    throw error;
  }
}

/** The confirm itself; `counted` hears how many rows the import holds as soon as they are counted. */
async function createStaged<C, P, Q extends DownloadQuery>(
  deps: Deps,
  requestScope: StaffScope,
  actor: Actor,
  entity: EntityDefinition<C, P, Q>,
  importId: string,
  successMessage: string,
  counted: (staged: number) => void,
): Promise<ImportConfirmed> {
  const afterCommit: AfterCommit[] = [];
  const confirmed = await deps.db.transaction(async (tx): Promise<ImportConfirmed> => {
    const [record] = await tx
      .select()
      .from(dataImport)
      .where(and(eq(dataImport.id, importId), eq(dataImport.entity, entity.entity), within(requestScope, dataImport)))
      .for("update");
    if (!record) throw new AppError("not_found", importMessages.importNotFound);
    const scope = scopeInDistrict(requestScope, record.districtId);
    if (record.status === "confirmed") return { message: successMessage, created: record.createdCount ?? 0, alreadyConfirmed: true };

    const [rows] = await tx
      .select({ all: sql<number>`count(*)`.mapWith(Number), invalid: sql<number>`count(*) filter (where not ${importRow.valid})`.mapWith(Number) })
      .from(importRow)
      .where(eq(importRow.importId, record.id));
    counted(rows?.all ?? 0);
    if ((rows?.invalid ?? 0) > 0) throw new AppError("bad_request", importMessages.fixFirst(rows?.invalid ?? 0));
    const context = await entity.context(tx, scope);
    await entity.lock?.(tx, context);
    // Per key, the first row of each value: two rows that both passed their checks still do not both get created.
    const firstRowOf = entity.uniqueKeys.map(() => new Map<string, number>());
    const earlierRow = (i: number, value: string, rowNumber: number) => {
      const seen = firstRowOf[i];
      const first = seen?.get(value);
      if (first === undefined) seen?.set(value, rowNumber);
      return first;
    };
    let created = 0;
    for (let offset = 0; ; offset += PAGE) {
      const rows = await tx.select().from(importRow).where(eq(importRow.importId, record.id)).orderBy(asc(importRow.rowNumber)).limit(PAGE).offset(offset);
      if (rows.length === 0) break;
      const values = rows.map((r) => keyValuesOf(entity.uniqueKeys, r.data));
      const taken = await takenValues(tx, scope, entity.uniqueKeys, context, values);
      const parsed: P[] = [];
      for (const [i, row] of rows.entries()) {
        const result = entity.validate(row.data, context);
        const errors = "errors" in result ? { ...result.errors } : {};
        addKeyErrors(entity.uniqueKeys, errors, values[i] ?? [], (k, value) => earlierRow(k, value, row.rowNumber), taken);
        // Rolled back with everything else: the import stays staged for the user to fix.
        if ("errors" in result || Object.keys(errors).length > 0) throw new AppError("conflict", `Row ${row.rowNumber}: ${Object.values(errors).join(" ")}`);
        parsed.push(result.value);
      }
      const page = await entity.create(tx, parsed, { scope, actor, importId: record.id, context, deps });
      // Each record gets the entry its single create would, and says which import made it.
      await recordAudits(
        tx,
        actor,
        `${entity.entity}.create`,
        page.audited.map((a) => ({ record: a.record, after: { ...a.after, importId: record.id } })),
      );
      created += page.count;
      if (page.afterCommit) afterCommit.push(page.afterCommit);
    }
    if (created === 0) throw new AppError("bad_request", importMessages.nothingToCreate);
    await tx
      .update(dataImport)
      .set({ status: "confirmed", createdCount: created, confirmedAt: new Date() })
      .where(and(eq(dataImport.id, record.id), within(scope, dataImport)));
    await recordAudit(tx, actor, `${entity.entity}.import`, { id: record.id, districtId: record.districtId }, null, { filename: record.filename, created });
    // The bell of whoever started it: a long import may be left running in another tab.
    await notify(tx, [actor.staffId], { kind: "import.finished", entity: entity.entity, created });
    return { message: successMessage, created, alreadyConfirmed: false };
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
