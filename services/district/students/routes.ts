import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import { imageLocation } from "../../../lib/contract/images";
import { successNotices } from "../../../lib/contract/messages";
import {
  newStudentSchema,
  studentDuplicatesQuerySchema,
  studentMessages,
  studentUpdateSchema,
  type StudentDuplicates,
  type StudentRecord,
  type StudentSaved,
} from "../../../lib/contract/students";
import { recordAudit } from "../../db/audit";
import { student } from "../../db/schema";
import { inWorkedDistrict, scopeInDistrict } from "../../db/scope";
import { updateVersioned } from "../../db/versioned";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { notFound } from "../../http/errors";
import { dropImage, imageFrom, MAX_IMAGE_FORM_BYTES, readForm, saveImage } from "../../images/image-upload";
import { admissionYearOf, nextAdmissionNumbers } from "./admission-numbers";
import { auditView, findStudent, insertStudents, possibleDuplicates, setStudentPhoto, studentColumns, studentOrNotFound, studentRecordOf } from "./records";
import { assertAdmissionNumberFree, assertStudentPlacement, guardAdmissionNumber } from "./rules";

const tag = "Students";
const idParams = z.object({ id: uuidParam });

/** A pupil's record (architecture 'Students'): admit, view, update, the possible duplicates, and the photo. */
export function studentRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/student/add",
      summary:
        "Admit a pupil (the student form of architecture 'Students') at a school in the caller's scope, optionally in a class of that school. An empty admissionNumber is given the next number of the district's pattern (configuration admissionNumberPattern, sequence per year of admission). 201 StudentSaved; 404 for a school or class outside the scope; 409 when the admission number is taken in the district",
      tag,
      access: requires("student.create"),
      body: newStudentSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      const actor = c.get("actor");
      const row = await guardAdmissionNumber(() =>
        db.transaction(async (tx) => {
          await assertStudentPlacement(tx, scope, body);
          if (body.admissionNumber) await assertAdmissionNumberFree(tx, scope, body.admissionNumber);
          const [admissionNumber = ""] = body.admissionNumber
            ? [body.admissionNumber]
            : await nextAdmissionNumbers(tx, scope, admissionYearOf(body.dateOfAdmission), 1);
          const [created] = await insertStudents(tx, scope, [{ ...body, admissionNumber }]);
          if (!created) throw new Error("student insert returned nothing");
          await recordAudit(tx, actor, "student.create", created, null, auditView(created));
          return created;
        }),
      );
      return c.json({ message: successNotices.studentCreated, student: await studentRecordOf(db, scope, row) } satisfies StudentSaved, 201);
    },
  );

  route(
    {
      method: "GET",
      path: "/student/view-by-id/:id",
      summary:
        "A pupil's whole record in the caller's scope (StudentRecord: the form's fields, school, class and level, photo, statuses, version); 404 outside it",
      tag,
      access: requires("student.view"),
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const row = await studentOrNotFound(db, scope, params.id);
      return c.json((await studentRecordOf(db, scope, row)) satisfies StudentRecord);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/student/update/:id",
      summary:
        "Change a pupil's record: the student form, enrolmentStatus and the version it was read at. A move to another school drops a class of the old school unless a new class is named; an empty admissionNumber keeps the pupil's. StudentSaved; 409 when stale or the admission number is taken in the district",
      tag,
      access: requires("student.update"),
      params: idParams,
      body: studentUpdateSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const actor = c.get("actor");
      const { version, enrolmentStatus, ...details } = body;
      const updated = await guardAdmissionNumber(() =>
        db.transaction(async (tx) => {
          const before = await studentOrNotFound(tx, scope, params.id);
          const inDistrict = scopeInDistrict(scope, before.districtId);
          // A new school without a new class: the class of the old school does not follow the pupil.
          const classId = details.schoolId !== before.schoolId && details.classId === before.classId ? null : details.classId;
          const admissionNumber = details.admissionNumber ?? before.admissionNumber;
          await assertStudentPlacement(tx, inDistrict, { ...details, classId });
          const set = async () => {
            await assertAdmissionNumberFree(tx, inDistrict, admissionNumber, before.id);
            return { ...studentColumns({ ...details, admissionNumber, classId }), enrolmentStatus };
          };
          return updateVersioned(tx, scope, actor, student, before, {
            version,
            set,
            operation: "student.update",
            stale: studentMessages.staleVersion,
            view: auditView,
          });
        }),
      );
      return c.json({ message: successNotices.studentUpdated, student: await studentRecordOf(db, scope, updated) } satisfies StudentSaved);
    },
  );

  route(
    {
      method: "GET",
      path: "/student/possible-duplicates",
      summary:
        "Pupils of the district with the same first and last name, gender and date of birth, case and spaces ignored (a warning before saving, not a block). Query: firstName, lastName, gender, dob, exceptId? (the pupil being edited). { matches }",
      tag,
      access: requires("student.view"),
      query: studentDuplicatesQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      return c.json({ matches: await possibleDuplicates(db, inWorkedDistrict(c.get("scope")), query) } satisfies StudentDuplicates);
    },
  );

  route(
    {
      method: "POST",
      path: "/student/upload-photo/:id",
      summary:
        "Set a pupil's photo (cropped square in the browser). Multipart form: file (PNG or JPEG, at most 5 MB; decoded and stored as JPEG, metadata stripped). { Location }",
      tag,
      access: requires("student.update"),
      params: idParams,
      rawBody: true,
      maxBodyBytes: MAX_IMAGE_FORM_BYTES,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const actor = c.get("actor");
      await studentOrNotFound(db, scope, params.id); // before the upload is decoded; again in the transaction
      const image = await imageFrom((await readForm(c)).file);
      const photoId = await db.transaction(async (tx) => {
        const before = await findStudent(tx, scope, params.id);
        if (!before) throw notFound();
        const id = await saveImage(tx, before.districtId, actor.staffId, image);
        await setStudentPhoto(tx, scope, before.id, id);
        await dropImage(tx, scopeInDistrict(scope, before.districtId), before.photoId);
        await recordAudit(tx, actor, "student.update-photo", before, { photoId: before.photoId }, { photoId: id });
        return id;
      });
      return c.json(imageLocation(photoId));
    },
  );
}
