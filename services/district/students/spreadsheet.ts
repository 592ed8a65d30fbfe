import { and, eq, sql } from "drizzle-orm";
import { successNotices } from "../../../lib/contract/messages";
import { genderEnum } from "../../../lib/contract/staff";
import {
  guardianRelationships,
  specialNeedsOptions,
  studentFiltersSchema,
  studentMessages,
  type NewStudent,
  type StudentFiltersQuery,
} from "../../../lib/contract/students";
import type { Reader } from "../../db/client";
import { NIGERIAN_STATES } from "../../db/reference/nigeria";
import { importRow } from "../../db/schema";
import type { Api } from "../../http/api";
import type { EntityDefinition } from "../../spreadsheet/entity";
import { mountSpreadsheetRoutes } from "../../spreadsheet/routes";
import { nameKey } from "../classes/queries";
import { allSchoolsByName } from "../schools/queries";
import { schoolKey } from "../schools/rules";
import { admissionKey, fillAdmissionNumbers, takenAdmissionNumbers } from "./admission-numbers";
import { auditView, classesInScope, insertUploadedStudents } from "./records";
import { guardAdmissionNumber } from "./rules";
import { allStudentsByName } from "./search";
import { SCHOOL_CLASS_SEPARATOR, studentSheetCells, studentSheetColumns, type SheetContext } from "./spreadsheet-columns";
import { studentMatch } from "./spreadsheet-match";
import { checkStudentRow } from "./spreadsheet-row";

// The sheet's columns (spreadsheet-columns.ts) are read by the tests and the bench from here, where the entity is.
export { studentSheetColumns };

/** The admission numbers an import's rows typed (as the index compares them): generated numbers keep clear of them. */
async function typedAdmissionNumbers(db: Reader, importId: string): Promise<Set<string>> {
  const typed = sql<string>`lower(btrim(${importRow.data} ->> 'admissionNumber'))`;
  const rows = await db
    .select({ key: typed })
    .from(importRow)
    .where(and(eq(importRow.importId, importId), sql`coalesce(btrim(${importRow.data} ->> 'admissionNumber'), '') <> ''`));
  return new Set(rows.map((r) => r.key));
}

/** Pupils as the import and export engine sees them: the columns of the student form, checked by the same schema and rules. */
export const studentEntity: EntityDefinition<SheetContext, NewStudent, StudentFiltersQuery> = {
  entity: "student",
  sheetName: "Students",
  columns: studentSheetColumns,
  context: async (db, scope) => {
    const schools = new Map<string, { id: string; name: string }>();
    const names = new Map<string, string>();
    for await (const s of allSchoolsByName(db, scope)) {
      schools.set(schoolKey(s.name), { id: s.id, name: s.name });
      names.set(s.id, s.name);
    }
    const classes = new Map<string, { id: string; name: string }>();
    const classList: string[] = [];
    for (const c of await classesInScope(db, scope)) {
      classes.set(`${c.schoolId} ${nameKey(c.name)}`, { id: c.id, name: c.name });
      const schoolName = names.get(c.schoolId);
      if (schoolName) classList.push(`${schoolName}${SCHOOL_CLASS_SEPARATOR}${c.name}`);
    }
    classList.sort((a, b) => a.localeCompare(b, "en"));
    return { schools, classes, classList, reserved: new Map() };
  },
  validate: checkStudentRow,
  // An admission number is unique in the district (an empty one is given at confirm).
  uniqueKeys: [
    {
      column: "admissionNumber",
      of: (data) => admissionKey(data.admissionNumber),
      taken: (db, scope, values) => takenAdmissionNumbers(db, scope, values),
      takenMessage: studentMessages.admissionNumberTaken,
    },
  ],
  match: studentMatch,
  create: async (tx, rows, { scope, importId, context }) => {
    let reserved = context.reserved.get(importId);
    if (!reserved) context.reserved.set(importId, (reserved = await typedAdmissionNumbers(tx, importId)));
    const numbered = await fillAdmissionNumbers(tx, scope, rows, reserved);
    const created = await guardAdmissionNumber(() => insertUploadedStudents(tx, scope, numbered, importId));
    // Audited as POST /student/create audits a new pupil.
    return { count: created.length, audited: created.map((row) => ({ record: row, after: auditView(row) })) };
  },
  allowedValues: (context) => ({
    Gender: [...genderEnum],
    "Guardian Relationship": [...guardianRelationships],
    "Special Needs": [...specialNeedsOptions],
    "State of Origin and Residence": [...NIGERIAN_STATES],
    School: [...context.schools.values()].map((s) => s.name),
    Class: context.classList,
  }),
  exportQuery: studentFiltersSchema,
  exportRows: async function* (db, scope, { "district[0]": _district, ...filters }) {
    yield studentSheetColumns.map((c) => c.header);
    for await (const row of allStudentsByName(db, scope, filters)) yield studentSheetCells(row);
  },
};

/** Pupils' bulk upload and download (spec §7): the engine's routes under /student, confirmed by the staged import's id. */
export function studentSpreadsheetRoutes(api: Api) {
  mountSpreadsheetRoutes(api, {
    entity: studentEntity,
    tag: "Students",
    base: "/student",
    upload: { path: "/student/upload-multiple", operation: "student.upload" },
    confirm: { path: "/student/create-multiple/:id", successMessage: successNotices.studentsUploaded },
    download: { operation: "student.download", filters: "and the admission register's filters (GET /student/search-total's query)" },
    fileStem: "students",
  });
}
