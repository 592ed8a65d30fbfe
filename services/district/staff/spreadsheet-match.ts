import { and, eq, inArray, sql } from "drizzle-orm";
import { importMessages } from "../../../lib/contract/imports";
import { fieldMessages } from "../../../lib/contract/messages";
import type { NewStaff } from "../../../lib/contract/staff";
import { school, staff } from "../../db/schema";
import { within, withinDistrict } from "../../db/scope";
import { updateVersioned } from "../../db/versioned";
import { AppError, notFound } from "../../http/errors";
import type { MatchDefinition } from "../../spreadsheet/entity";
import { tellOfContactChange } from "./contact-change";
import { isEmailTaken, isPhoneTaken } from "./identity";
import { auditView, findStaff } from "./queries";
import { assertMayChange } from "./rules";
import { staffSheetCells, staffSheetColumns, type ColumnKey, type SheetContext } from "./spreadsheet-columns";

/** The unique keys (staffEntity.uniqueKeys) that name a staff member, in the order they are tried: staff number, oracle number, e-mail. */
const STAFF_NUMBER = 3;
const ORACLE_NUMBER = 2;
const EMAIL = 0;

/** Each matching key as the database compares it: `of`'s normalising (trimmed, lower-cased) in SQL. */
const keyColumn = {
  [EMAIL]: sql`lower(btrim(${staff.email}))`,
  [ORACLE_NUMBER]: sql`lower(btrim(${staff.oracleNumber}))`,
  [STAFF_NUMBER]: sql`lower(btrim(${staff.tescomNumber}))`,
} as Record<number, ReturnType<typeof sql>>;

/**
 * A row whose staff number, oracle number or e-mail a staff member in the uploader's scope has is that staff
 * member: an update of their record (or unchanged), applied as PATCH /staff/update/{id} applies the staff form:
 * staff.update, the scope, who may change whom (rules.ts), the version read at upload, e-mail and phone free,
 * an audit entry with before and after, and the account's address told of a new e-mail or phone. Staff outside
 * the scope, and super administrators (the download leaves them out), are not found here: their values stay taken.
 * What the form does not change is not changed here either: the school (a transfer's) and the staff type.
 */
export const staffMatch: MatchDefinition<SheetContext, NewStaff> = {
  operation: "staff.update",
  keys: [STAFF_NUMBER, ORACLE_NUMBER, EMAIL],
  find: async (db, scope, key, values) => {
    const column = keyColumn[key];
    if (!column) return [];
    const rows = await db
      .select({ row: staff, schoolName: school.name })
      .from(staff)
      .leftJoin(school, and(eq(school.id, staff.schoolId), withinDistrict(scope, school)))
      .where(and(within(scope, staff), eq(staff.isSuperAdmin, false), inArray(column, values)));
    return rows.map(({ row, schoolName }) => {
      const cells = staffSheetCells({ ...row, schoolName });
      return { id: row.id, version: row.version, cells: Object.fromEntries(staffSheetColumns.map((c) => [c.key, cells[c.key] ?? ""])) };
    });
  },
  comparable: (value) => {
    const { phoneCode, phoneNumber, schoolId, lgeaId: _lgea, addressCoordinates: _pin, ...same } = value;
    return { ...same, phoneNumber: `${phoneCode}${phoneNumber}`, school: schoolId } satisfies Record<ColumnKey, unknown>;
  },
  update: async (tx, { id, version, value }, { scope, actor, importId, deps }) => {
    const before = await findStaff(tx, scope, id);
    if (!before) throw notFound();
    await assertMayChange(tx, scope, actor, before);
    const { staffType, schoolId, lgeaId: _lgea, addressCoordinates: _pin, ...details } = value;
    // An office posting (an LGEA's or the district's) is an empty school cell.
    if (staffType !== before.staffType || (schoolId ?? null) !== (before.schoolId ?? null)) {
      const column = staffType !== before.staffType ? "staffType" : "school";
      throw new AppError("conflict", importMessages.staffPostingFixed, [{ path: column, message: importMessages.staffPostingFixed }]);
    }
    const email = details.email.toLowerCase();
    const emailChanges = email !== before.email.toLowerCase();
    const phoneChanges = details.phoneCode !== before.phoneCode || details.phoneNumber !== before.phoneNumber;
    // One's own e-mail and phone take the current password (contact-change.ts), which no sheet carries.
    if (before.id === actor.staffId && (emailChanges || phoneChanges)) {
      const column = emailChanges ? "email" : "phoneNumber";
      throw new AppError("forbidden", importMessages.ownContactFixed, [{ path: column, message: importMessages.ownContactFixed }]);
    }
    const updated = await updateVersioned(tx, scope, actor, staff, before, {
      version,
      set: async () => {
        if (await isEmailTaken(tx, email, before.id))
          throw new AppError("conflict", fieldMessages.emailTaken, [{ path: "email", message: fieldMessages.emailTaken }]);
        if (await isPhoneTaken(tx, { code: details.phoneCode, number: details.phoneNumber }, before.id))
          throw new AppError("conflict", fieldMessages.phoneTaken, [{ path: "phoneNumber", message: fieldMessages.phoneTaken }]);
        // The sheet has no map pin: it stays with an unchanged address and goes with a new one.
        return { ...details, email, addressCoordinates: details.address === before.address ? before.addressCoordinates : null };
      },
      operation: "staff.update",
      stale: importMessages.changedSinceUpload,
      view: auditView,
      // The entry names the import that made the change (the record's own importId is the one that created it).
      note: { byImportId: importId },
    });
    if (!emailChanges && !phoneChanges) return;
    // Told as the edit form tells them, once the import has committed.
    return () => tellOfContactChange(deps, before, updated, emailChanges ? email : undefined);
  },
};
