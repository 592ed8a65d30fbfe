import { and, eq, inArray, sql } from "drizzle-orm";
import { importMessages } from "../../../lib/contract/imports";
import type { NewStudent } from "../../../lib/contract/students";
import { school, schoolClass, student } from "../../db/schema";
import { scopeInDistrict, within, withinDistrict } from "../../db/scope";
import { updateVersioned } from "../../db/versioned";
import type { MatchDefinition } from "../../spreadsheet/entity";
import { admissionKey } from "./admission-numbers";
import { auditView, studentColumns, studentOrNotFound } from "./records";
import { assertAdmissionNumberFree, assertStudentPlacement } from "./rules";
import { studentSheetCells, studentSheetColumns, type ColumnKey, type SheetContext } from "./spreadsheet-columns";

/**
 * A row whose admission number a pupil in the uploader's scope has is that pupil: an update of their record
 * (or unchanged), applied as PATCH /student/update applies the student form. A pupil outside the scope is
 * not found here, so their number stays taken as before.
 */
export const studentMatch: MatchDefinition<SheetContext, NewStudent> = {
  operation: "student.update",
  keys: [0],
  find: async (db, scope, _key, values) => {
    const rows = await db
      .select({ row: student, schoolName: school.name, className: schoolClass.name })
      .from(student)
      .leftJoin(school, and(eq(school.id, student.schoolId), withinDistrict(scope, school)))
      .leftJoin(schoolClass, and(eq(schoolClass.id, student.classId), withinDistrict(scope, schoolClass)))
      .where(and(within(scope, student), inArray(sql`lower(btrim(${student.admissionNumber}))`, values)));
    return rows.map(({ row, schoolName, className }) => {
      const cells = studentSheetCells({ ...row, schoolName, className });
      return { id: row.id, version: row.version, cells: Object.fromEntries(studentSheetColumns.map((c, i) => [c.key, cells[i] ?? ""])) };
    });
  },
  comparable: (value) => {
    const stored = studentColumns({ ...value, admissionNumber: value.admissionNumber ?? "" });
    const { schoolId, classId, guardianPhoneCode, guardianPhone, admissionNumber, ...same } = stored;
    return {
      ...same,
      admissionNumber: admissionKey(admissionNumber),
      school: schoolId,
      class: classId,
      guardianPhone: guardianPhone ? `${guardianPhoneCode}${guardianPhone}` : null,
    } satisfies Record<ColumnKey, unknown>;
  },
  update: async (tx, { id, version, value }, { scope, actor, importId }) => {
    const before = await studentOrNotFound(tx, scope, id);
    const inDistrict = scopeInDistrict(scope, before.districtId);
    await assertStudentPlacement(tx, inDistrict, value);
    const admissionNumber = value.admissionNumber || before.admissionNumber;
    await updateVersioned(tx, scope, actor, student, before, {
      version,
      set: async () => {
        await assertAdmissionNumberFree(tx, inDistrict, admissionNumber, before.id);
        return studentColumns({ ...value, admissionNumber });
      },
      operation: "student.update",
      stale: importMessages.changedSinceUpload,
      view: auditView,
      // The entry names the import that made the change (the record's own importId is the one that created it).
      note: { byImportId: importId },
    });
  },
};
