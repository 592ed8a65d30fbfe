import { and, asc, eq, getTableColumns, ne, sql } from "drizzle-orm";
import { imageLocation } from "../../../lib/contract/images";
import type { NewStudent, StudentDuplicates, StudentRecord } from "../../../lib/contract/students";
import type { Reader, Tx } from "../../db/client";
import { normalizeName } from "../../db/names";
import { rawRows } from "../../db/raw-rows";
import { classType, school, schoolClass, student } from "../../db/schema";
import { within, withinDistrict, type StaffScope } from "../../db/scope";
import { notFound } from "../../http/errors";
import { admissionKey } from "./admission-numbers";

// The student record's queries (README 'Adding a resource', step 3): one pupil, its whole record, the
// writes of the form and of the upload, and the possible duplicates.

export type StudentRow = typeof student.$inferSelect;

/** What the form and an upload's row give a new pupil, once the school and class are ids and the admission number is settled. */
export type StudentValues = Omit<NewStudent, "admissionNumber"> & { admissionNumber: string };

/** A name as stored: trimmed, its runs of spaces single (so the duplicates check can use the name-order index). */
const name = (value: string) => normalizeName(value);
const optionalName = (value: string | null) => (value ? normalizeName(value) : null);

/** A pupil's columns from the form's values (the district, import and statuses are the caller's). */
export const studentColumns = (v: StudentValues) => ({
  admissionNumber: v.admissionNumber.trim(),
  firstName: name(v.firstName),
  lastName: name(v.lastName),
  middleName: optionalName(v.middleName),
  gender: v.gender,
  dob: v.dob,
  schoolId: v.schoolId,
  classId: v.classId,
  dateOfAdmission: v.dateOfAdmission,
  stateOfOrigin: v.stateOfOrigin,
  localGovernmentOfOrigin: v.localGovernmentOfOrigin,
  stateOfResidence: v.stateOfResidence,
  localGovernmentOfResidence: v.localGovernmentOfResidence,
  address: v.address,
  guardianName: name(v.guardianName),
  guardianRelationship: v.guardianRelationship,
  guardianPhoneCode: v.guardianPhoneCode,
  guardianPhone: v.guardianPhone,
  guardianEmail: v.guardianEmail ? v.guardianEmail.toLowerCase() : null,
  specialNeeds: v.specialNeeds,
});

export async function findStudent(db: Reader, scope: StaffScope, id: string): Promise<StudentRow | undefined> {
  const [row] = await db
    .select()
    .from(student)
    .where(and(eq(student.id, id), within(scope, student)));
  return row;
}

export async function studentOrNotFound(db: Reader, scope: StaffScope, id: string): Promise<StudentRow> {
  const row = await findStudent(db, scope, id);
  if (!row) throw notFound();
  return row;
}

/** The whole record as GET /student/view-by-id answers it: the pupil with their school and class (and its level). */
export async function studentRecordOf(db: Reader, scope: StaffScope, row: StudentRow): Promise<StudentRecord> {
  const [place] = await db
    .select({ schoolName: school.name, category: school.category, className: schoolClass.name, level: classType.level })
    .from(school)
    .leftJoin(schoolClass, and(eq(schoolClass.id, sql`${row.classId}::uuid`), withinDistrict(scope, schoolClass)))
    .leftJoin(classType, and(eq(classType.id, schoolClass.classTypeId), withinDistrict(scope, classType)))
    .where(and(eq(school.id, row.schoolId), withinDistrict(scope, school)));
  return {
    id: row.id,
    admissionNumber: row.admissionNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
    gender: row.gender,
    dob: row.dob,
    school: { id: row.schoolId, name: place?.schoolName ?? "", category: place?.category ?? "" },
    class: row.classId && place?.className ? { id: row.classId, name: place.className, level: place.level ?? "" } : null,
    dateOfAdmission: row.dateOfAdmission,
    stateOfOrigin: row.stateOfOrigin,
    localGovernmentOfOrigin: row.localGovernmentOfOrigin,
    stateOfResidence: row.stateOfResidence,
    localGovernmentOfResidence: row.localGovernmentOfResidence,
    address: row.address,
    guardianName: row.guardianName,
    guardianRelationship: row.guardianRelationship,
    guardianPhoneCode: row.guardianPhoneCode,
    guardianPhone: row.guardianPhone,
    guardianEmail: row.guardianEmail,
    specialNeeds: row.specialNeeds,
    photo: row.photoId ? imageLocation(row.photoId) : null,
    enrolmentStatus: row.enrolmentStatus,
    accountStatus: row.accountStatus,
    version: row.version,
  };
}

/** New pupils in the scope's district, a thousand to a statement (an upload's are marked with its import). */
export async function insertStudents(tx: Tx, scope: StaffScope, rows: StudentValues[], importId?: string): Promise<StudentRow[]> {
  const created: StudentRow[] = [];
  for (let i = 0; i < rows.length; i += 1_000) {
    const page = rows.slice(i, i + 1_000).map((r) => ({ ...studentColumns(r), districtId: scope.districtId, importId: importId ?? null }));
    created.push(...(await tx.insert(student).values(page).returning()));
  }
  return created;
}

/**
 * The rows a raw statement answered, as `select()` maps them (the drivers leave dates and times as text for the columns to map).
 */
function studentRowsOf(result: unknown): StudentRow[] {
  const raw = rawRows(result);
  const columns = Object.entries(getTableColumns(student));
  return raw.map(
    (r) => Object.fromEntries(columns.map(([key, column]) => [key, r[column.name] == null ? null : column.mapFromDriverValue(r[column.name])])) as StudentRow,
  );
}

/**
 * `insertStudents` for a confirmed upload, answering the rows as created (for their audit rows). The rows go
 * in as one JSON parameter per 2,000 (`json_populate_recordset`) rather than a parameter per value: building and
 * sending a 20,000-parameter statement costs three times what the database then does with it (measured on 5,000 pupils).
 */
export async function insertUploadedStudents(tx: Tx, scope: StaffScope, rows: StudentValues[], importId: string): Promise<StudentRow[]> {
  const first = rows[0];
  if (!first) return [];
  const table = getTableColumns(student);
  const keys = [...(Object.keys(studentColumns(first)) as (keyof ReturnType<typeof studentColumns>)[]), "districtId", "importId"] as const;
  const names = keys.map((key) => table[key].name);
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const created: StudentRow[] = [];
  for (let i = 0; i < rows.length; i += 2_000) {
    const records = rows.slice(i, i + 2_000).map((r) => {
      const values: Record<string, unknown> = { ...studentColumns(r), districtId: scope.districtId, importId };
      return Object.fromEntries(keys.map((key, k) => [names[k], values[key]]));
    });
    const result = await tx.execute(
      sql`insert into ${student} (${list}) select ${list} from json_populate_recordset(null::${student}, ${JSON.stringify(records)}::json) returning *`,
    );
    created.push(...studentRowsOf(result));
  }
  return created;
}

/** Does another pupil of the scope's district (whoever may see them) have this admission number, case and spaces ignored? */
export async function isAdmissionNumberTaken(db: Reader, scope: StaffScope, admissionNumber: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: student.id })
    .from(student)
    .where(
      and(
        withinDistrict(scope, student),
        eq(sql`lower(btrim(${student.admissionNumber}))`, admissionKey(admissionNumber)),
        exceptId ? ne(student.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Pupils in the caller's reach (the whole district at district level: a pupil admitted twice is most often
 * admitted at two schools; an LGEA's or a school's own pupils below it, whose records outside it they may
 * not read) with the same first and last name, gender and date of birth, case and spaces ignored;
 * `exceptId` leaves out the pupil being edited. Names are stored single-spaced, so the name-order index finds them.
 */
export async function possibleDuplicates(
  db: Reader,
  scope: StaffScope,
  who: { firstName: string; lastName: string; gender: string; dob: string; exceptId?: string | undefined },
): Promise<StudentDuplicates["matches"]> {
  const key = (value: string) => normalizeName(value).toLowerCase();
  const rows = await db
    .select({ id: student.id, firstName: student.firstName, lastName: student.lastName, admissionNumber: student.admissionNumber, school: school.name })
    .from(student)
    .innerJoin(school, and(eq(school.id, student.schoolId), within(scope, school)))
    .where(
      and(
        within(scope, student),
        eq(student.districtId, scope.districtId),
        eq(sql`lower(${student.lastName})`, key(who.lastName)),
        eq(sql`lower(${student.firstName})`, key(who.firstName)),
        eq(student.gender, who.gender),
        eq(student.dob, who.dob),
        who.exceptId ? ne(student.id, who.exceptId) : undefined,
      ),
    )
    .orderBy(asc(student.admissionNumber))
    .limit(10);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, admissionNumber: r.admissionNumber, school: r.school }));
}

/** Sets the pupil's photo, a column the details form does not touch (so not guarded by the record's version). */
export async function setStudentPhoto(tx: Tx, scope: StaffScope, id: string, photoId: string) {
  await tx
    .update(student)
    .set({ photoId, updatedAt: new Date() })
    .where(and(eq(student.id, id), within(scope, student)));
}

/** The schools in the scope, and the classes of each (with their level), for the checks of a form or an upload. */
export async function classesInScope(db: Reader, scope: StaffScope) {
  return db
    .select({ id: schoolClass.id, schoolId: schoolClass.schoolId, name: schoolClass.name, level: classType.level, position: classType.position })
    .from(schoolClass)
    .innerJoin(classType, and(eq(classType.id, schoolClass.classTypeId), withinDistrict(scope, classType)))
    .where(within(scope, schoolClass))
    .orderBy(asc(classType.position), asc(sql`lower(${schoolClass.name})`));
}

/** What the audit row keeps of a pupil: the whole row. */
export const auditView = (row: StudentRow) => row;
