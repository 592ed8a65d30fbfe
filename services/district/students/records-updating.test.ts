import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { authMessages, fieldMessages } from "../../../lib/contract/messages";
import { studentMessages, type StudentRecord, type StudentSaved } from "../../../lib/contract/students";
import { demoPasswords } from "../../db/demo-data";
import { auditOf, expectError, expectOk, randomId } from "../../test/helpers";
import { imageForm, testImages } from "../../test/images";
import { AGEGE, ALIMOSHO, IFAKO, recordsTest } from "./records-test-support";

describe("student records: view, update, photo", () => {
  const { w, id, token, pupil, added, view, update, formOf, rowOf, issuesOf } = recordsTest();

  describe("viewing and updating", () => {
    it("shows the whole record in scope, and 404 for another district's pupil or no pupil", async () => {
      const made = await added(pupil());
      const shown = await expectOk<StudentRecord>(await view(made.id, w.supervisor.authorizationToken));
      expect(shown).toEqual(made);
      await expectError(await view(w.student2), 404, authMessages.notFound);
      await expectError(await view(randomId()), 404, authMessages.notFound);
      await expectError(
        await w.api.call("GET", `/student/view-by-id/${made.id}`, {
          token: (await w.api.login("ibrahim.bello@example.org", demoPasswords.staff)).authorizationToken,
        }),
        403,
        authMessages.forbidden,
      );
    });

    it("updates the record with a new version and an audit row", async () => {
      const made = await added(pupil({ admissionNumber: "UPD/1" }));
      const answer = await expectOk<StudentSaved>(
        await update(
          made.id,
          formOf(made, { lastName: "Eze", guardianPhone: "8059990000", enrolmentStatus: "Withdrawn", specialNeeds: "Learning" }),
          w.officer.authorizationToken,
        ),
      );
      expect(answer.message).toBe("Student Updated Successfully");
      expect(answer.student).toMatchObject({
        lastName: "Eze",
        guardianPhone: "8059990000",
        enrolmentStatus: "Withdrawn",
        specialNeeds: "Learning",
        version: 2,
        admissionNumber: "UPD/1",
      });
      expect(await rowOf(made.id)).toMatchObject({ lastName: "Eze", enrolmentStatus: "Withdrawn", version: 2 });
      const audit = await auditOf(w.api, made.id);
      expect(audit.map((a) => a.operation)).toEqual(["student.create", "student.update"]);
      expect(audit[1]).toMatchObject({
        before: expect.objectContaining({ lastName: made.lastName, version: 1 }),
        after: expect.objectContaining({ lastName: "Eze", version: 2 }),
      });
      // An empty admission number keeps the pupil's.
      const kept = await expectOk<StudentSaved>(await update(made.id, formOf(answer.student, { admissionNumber: "" })));
      expect(kept.student).toMatchObject({ admissionNumber: "UPD/1", version: 3 });
      // Its own number, in another case, is not a clash with itself.
      expect((await expectOk<StudentSaved>(await update(made.id, formOf(kept.student, { admissionNumber: "upd/1" })))).student.admissionNumber).toBe("upd/1");
    });

    it("refuses a stale version (409) and an admission number another pupil has (409), changing nothing", async () => {
      const first = await added(pupil({ admissionNumber: "STALE/1" }));
      const other = await added(pupil({ admissionNumber: "STALE/2" }));
      await expectOk(await update(first.id, formOf(first, { lastName: "Changed" })));
      await expectError(await update(first.id, formOf(first, { lastName: "Lost" })), 409, studentMessages.staleVersion);
      const taken = await expectError(await update(other.id, formOf(other, { admissionNumber: " stale/1 " })), 409, studentMessages.admissionNumberTaken);
      expect(taken.issues).toEqual([{ path: "admissionNumber", message: studentMessages.admissionNumberTaken }]);
      // A stale version is told before the number (the editor's view is out of date).
      await expectError(await update(other.id, formOf(other, { admissionNumber: "STALE/1", version: 9 })), 409, studentMessages.staleVersion);
      expect(await rowOf(first.id)).toMatchObject({ lastName: "Changed", version: 2 });
      expect(await rowOf(other.id)).toMatchObject({ admissionNumber: "STALE/2", version: 1 });
    });

    it("drops the old school's class on a move to another school, unless a class of the new school is given", async () => {
      const made = await added(pupil());
      const moved = await expectOk<StudentSaved>(await update(made.id, formOf(made, { schoolId: id(w.schools, AGEGE), localGovernmentOfResidence: "Agege" })));
      expect(moved.student).toMatchObject({ school: { name: AGEGE }, class: null });
      const placed = await expectOk<StudentSaved>(
        await update(made.id, formOf(moved.student, { schoolId: id(w.schools, IFAKO), classId: id(w.classes, `${IFAKO}/Primary 6A`) })),
      );
      expect(placed.student).toMatchObject({ school: { name: IFAKO }, class: { name: "Primary 6A", level: "Primary" } });
      // Within one school, a class of another school is the form's mistake.
      const issues = await issuesOf(await update(made.id, formOf(placed.student, { classId: id(w.classes, `${AGEGE}/SSS 2A`) })));
      expect(issues).toEqual([{ path: "classId", message: studentMessages.classNotInSchool }]);
      // So is an LGA outside its state.
      expect(await issuesOf(await update(made.id, formOf(placed.student, { localGovernmentOfOrigin: "Ikeja" })))).toEqual([
        { path: "localGovernmentOfOrigin", message: fieldMessages.lgaRequired },
      ]);
    });

    it("refuses without student.update (403), and another district's pupil, school or class (404)", async () => {
      const made = await added(pupil());
      await expectError(await update(made.id, formOf(made), w.supervisor.authorizationToken), 403, authMessages.forbidden);
      await expectError(await update(w.student2, formOf(made)), 404, authMessages.notFound);
      await expectError(await update(made.id, formOf(made, { schoolId: w.school2, classId: "" })), 404, authMessages.notFound);
      await expectError(await update(made.id, formOf(made, { classId: w.class2 })), 404, authMessages.notFound);
      expect(await rowOf(made.id)).toMatchObject({ version: 1, schoolId: id(w.schools, ALIMOSHO) });
      const bad = await issuesOf(await update(made.id, { ...formOf(made), version: 0, enrolmentStatus: "Expelled" }));
      expect(bad).toEqual([
        { path: "enrolmentStatus", message: fieldMessages.required },
        { path: "version", message: "Reload the page and try again." },
      ]);
    });
  });

  describe("the photo", () => {
    const upload = (studentId: string, bytes: Buffer, t = token(), type = "image/jpeg") =>
      w.api.call("POST", `/student/upload-photo/${studentId}`, { token: t, form: imageForm({ file: { bytes, type } }) });

    it("stores the photo re-encoded without its metadata, replaces the old one, and shows it on the record", async () => {
      const made = await added(pupil());
      const first = await expectOk<{ Location: string }>(await upload(made.id, await testImages.jpegWithGps()));
      expect(first.Location).toMatch(/^\/api\/district\/files\//);
      const image = await w.api.call("GET", first.Location.replace("/api/district", ""), { token: w.supervisor.authorizationToken });
      expect(image.headers.get("content-type")).toBe("image/jpeg");
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).exif).toBeUndefined();
      const second = await expectOk<{ Location: string }>(await upload(made.id, await testImages.png(), w.officer.authorizationToken, "image/png"));
      expect((await expectOk<StudentRecord>(await view(made.id))).photo).toEqual(second);
      // The replaced image is gone.
      await expectError(await w.api.call("GET", first.Location.replace("/api/district", ""), { token: token() }), 404, authMessages.notFound);
      expect((await auditOf(w.api, made.id)).map((a) => a.operation)).toEqual(["student.create", "student.update-photo", "student.update-photo"]);
    });

    it("refuses what is not an image (400), a caller without student.update (403), another district's pupil (404)", async () => {
      const made = await added(pupil());
      await expectError(await upload(made.id, testImages.text()), 400, "Only PNG or JPEG images are accepted.");
      await expectError(await upload(made.id, await testImages.png(), w.supervisor.authorizationToken), 403, authMessages.forbidden);
      await expectError(await upload(w.student2, await testImages.png()), 404, authMessages.notFound);
      expect((await rowOf(made.id)).photoId).toBeNull();
    });
  });
});
