import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authMessages, fieldMessages, successNotices } from "../../../lib/contract/messages";
import { staffMessages } from "../../../lib/contract/staff";
import { studentMessages, type StudentSaved } from "../../../lib/contract/students";
import { admissionSequence, districtConfiguration, student } from "../../db/schema";
import { auditOf, expectError, expectOk, present, randomId } from "../../test/helpers";
import { AGEGE, ALIMOSHO, recordsTest } from "./records-test-support";

describe("student records: add", () => {
  const { w, id, pupil, add, added, rowOf, issuesOf } = recordsTest();

  describe("admitting a pupil", () => {
    it("admits a pupil with the next number of the district's pattern, stores every field and audits it", async () => {
      const answer = await expectOk<StudentSaved>(
        await add(pupil({ firstName: "  Chidinma  ", middleName: "Ada  Obi", guardianEmail: "Ngozi.O@Example.org", specialNeeds: "Hearing" })),
        201,
      );
      expect(answer.message).toBe(successNotices.studentCreated);
      expect(answer.message).toBe("Student Created Successfully");
      const r = answer.student;
      expect(r).toMatchObject({
        admissionNumber: "ADM/2021/00001",
        firstName: "Chidinma",
        middleName: "Ada Obi",
        gender: "Female",
        dob: "2010-03-21",
        school: { id: id(w.schools, ALIMOSHO), name: ALIMOSHO, category: "Junior Secondary" },
        class: { id: id(w.classes, `${ALIMOSHO}/JSS 1A`), name: "JSS 1A", level: "Junior Secondary" },
        dateOfAdmission: "2021-09-13",
        stateOfOrigin: "Anambra",
        localGovernmentOfOrigin: "Awka South",
        guardianPhoneCode: "+234",
        guardianPhone: "8031234567",
        guardianEmail: "ngozi.o@example.org",
        specialNeeds: "Hearing",
        photo: null,
        enrolmentStatus: "Enrolled",
        accountStatus: "Active",
        version: 1,
      });
      const row = await rowOf(r.id);
      expect(row).toMatchObject({ districtId: w.d1, schoolId: id(w.schools, ALIMOSHO), admissionNumber: "ADM/2021/00001", importId: null, version: 1 });
      const audit = await auditOf(w.api, r.id);
      expect(audit.map((a) => a.operation)).toEqual(["student.create"]);
      expect(audit[0]).toMatchObject({ actorStaffId: w.admin1.staff.id, districtId: w.d1, before: null });
      // The next admission of that year takes the next number; another year starts its own sequence.
      expect((await added(pupil())).admissionNumber).toBe("ADM/2021/00002");
      expect((await added(pupil({ dateOfAdmission: "2022-01-10" }))).admissionNumber).toBe("ADM/2022/00001");
      const [sequence] = await w.api.db
        .select()
        .from(admissionSequence)
        .where(and(eq(admissionSequence.districtId, w.d1), eq(admissionSequence.year, 2021)));
      expect(sequence?.last).toBe(2);
    });

    it("admits without a class, and with a number typed by hand", async () => {
      const r = await added(pupil({ classId: "", admissionNumber: " ALI/2021/77 " }));
      expect(r).toMatchObject({ admissionNumber: "ALI/2021/77", class: null });
      expect((await rowOf(r.id)).classId).toBeNull();
    });

    it("follows the district's configured pattern", async () => {
      await w.api.db.update(districtConfiguration).set({ admissionNumberPattern: "ED1-{YY}-{SEQ:3}" }).where(eq(districtConfiguration.districtId, w.d1));
      try {
        expect((await added(pupil({ dateOfAdmission: "2018-09-10" }))).admissionNumber).toBe("ED1-18-001");
      } finally {
        await w.api.db.update(districtConfiguration).set({ admissionNumberPattern: "ADM/{YYYY}/{SEQ:5}" }).where(eq(districtConfiguration.districtId, w.d1));
      }
    });

    it("skips generated numbers that pupils already have by hand (any case)", async () => {
      await added(pupil({ admissionNumber: "adm/2019/00001", dateOfAdmission: "2019-09-09" }));
      await added(pupil({ admissionNumber: "ADM/2019/00002", dateOfAdmission: "2019-09-09" }));
      expect((await added(pupil({ dateOfAdmission: "2019-09-09" }))).admissionNumber).toBe("ADM/2019/00003");
      expect((await added(pupil({ dateOfAdmission: "2019-09-09" }))).admissionNumber).toBe("ADM/2019/00004");
    });

    it("gives concurrent admissions distinct numbers", async () => {
      const made = await Promise.all(Array.from({ length: 12 }, () => added(pupil({ dateOfAdmission: "2023-09-11" }))));
      const numbers = made.map((r) => r.admissionNumber).sort();
      expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => `ADM/2023/${String(i + 1).padStart(5, "0")}`));
    });

    it("refuses an admission number another pupil of the district has (409, on its field), case and spaces ignored", async () => {
      await added(pupil({ admissionNumber: "DUP/1" }));
      const before = (await w.api.db.select().from(student).where(eq(student.districtId, w.d1))).length;
      const body = await expectError(await add(pupil({ admissionNumber: "dup/1" })), 409, studentMessages.admissionNumberTaken);
      expect(body.issues).toEqual([{ path: "admissionNumber", message: studentMessages.admissionNumberTaken }]);
      // A seeded pupil's number, at another school of the district.
      const seeded = present((await w.api.db.select().from(student).where(eq(student.districtId, w.d1)))[0]);
      await expectError(await add(pupil({ admissionNumber: seeded.admissionNumber.toLowerCase() })), 409, studentMessages.admissionNumberTaken);
      expect((await w.api.db.select().from(student).where(eq(student.districtId, w.d1))).length).toBe(before);
      // Another district may use it.
      const other = await added(
        pupil({
          admissionNumber: "DUP/1",
          schoolId: w.school2,
          classId: "",
          localGovernmentOfResidence: "Ikorodu",
        }),
        w.admin2.authorizationToken,
      );
      expect(other.admissionNumber).toBe("DUP/1");
    });

    it("puts each rule's exact message on its field", async () => {
      const cases: [Record<string, unknown>, { path: string; message: string }[]][] = [
        [{ firstName: "" }, [{ path: "firstName", message: fieldMessages.nameRequired }]],
        [{ lastName: "Al" }, [{ path: "lastName", message: fieldMessages.nameTooShort }]],
        [{ middleName: "x".repeat(101) }, [{ path: "middleName", message: "At most 100 characters." }]],
        [{ gender: "X" }, [{ path: "gender", message: fieldMessages.required }]],
        [
          { dob: "2999-01-01", dateOfAdmission: "2999-02-01" },
          [
            { path: "dob", message: studentMessages.dobInFuture },
            { path: "dateOfAdmission", message: studentMessages.admissionInFuture },
          ],
        ],
        [{ dob: "2010-02-30" }, [{ path: "dob", message: staffMessages.dateInvalid }]],
        [{ dob: "" }, [{ path: "dob", message: fieldMessages.required }]],
        [{ schoolId: "" }, [{ path: "schoolId", message: studentMessages.schoolRequired }]],
        [{ classId: "not-an-id" }, [{ path: "classId", message: "Not a valid id." }]],
        [{ dateOfAdmission: "2009-09-01" }, [{ path: "dateOfAdmission", message: studentMessages.admissionBeforeBirth }]],
        [{ stateOfOrigin: "" }, [{ path: "stateOfOrigin", message: fieldMessages.stateRequired }]],
        [{ localGovernmentOfResidence: "" }, [{ path: "localGovernmentOfResidence", message: fieldMessages.lgaRequired }]],
        [{ address: "" }, [{ path: "address", message: fieldMessages.required }]],
        [{ guardianName: "" }, [{ path: "guardianName", message: fieldMessages.nameRequired }]],
        [{ guardianRelationship: "Neighbour" }, [{ path: "guardianRelationship", message: studentMessages.relationshipRequired }]],
        // 08031234567 and +234 803 123 4567 are taken as their last ten digits (issue 34); eleven digits that are not such a number are not.
        [{ guardianPhone: "18031234567" }, [{ path: "guardianPhone", message: fieldMessages.phoneDigits }]],
        [{ guardianPhone: "0803 123 456" }, [{ path: "guardianPhone", message: fieldMessages.phoneDigits }]],
        // An empty phone is only 'required' (the ten-digit rule applies to what was typed).
        [{ guardianPhone: "" }, [{ path: "guardianPhone", message: fieldMessages.phoneRequired }]],
        [{ guardianPhoneCode: "234" }, [{ path: "guardianPhoneCode", message: staffMessages.countryCodeInvalid }]],
        [{ guardianEmail: "not-an-email" }, [{ path: "guardianEmail", message: fieldMessages.emailInvalid }]],
        [{ specialNeeds: "Gifted" }, [{ path: "specialNeeds", message: fieldMessages.required }]],
        [{ admissionNumber: "ADM 2021 1" }, [{ path: "admissionNumber", message: studentMessages.admissionNumberFormat }]],
        // Places beyond the schema: a state that is none, an LGA of another state.
        [{ stateOfOrigin: "Atlantis" }, [{ path: "stateOfOrigin", message: fieldMessages.stateRequired }]],
        [{ localGovernmentOfResidence: "Awka South" }, [{ path: "localGovernmentOfResidence", message: fieldMessages.lgaRequired }]],
        // A class of another school of the district.
        [{ classId: id(w.classes, `${AGEGE}/SSS 1A`) }, [{ path: "classId", message: studentMessages.classNotInSchool }]],
      ];
      const before = (await w.api.db.select().from(student).where(eq(student.districtId, w.d1))).length;
      for (const [change, expected] of cases) expect(await issuesOf(await add(pupil(change))), JSON.stringify(change)).toEqual(expected);
      expect((await w.api.db.select().from(student).where(eq(student.districtId, w.d1))).length).toBe(before);
    });

    it("refuses a caller without student.create (403), and another district's school or class (404)", async () => {
      await expectError(await add(pupil(), w.supervisor.authorizationToken), 403, authMessages.forbidden);
      await expectError(await add(pupil({ schoolId: w.school2, classId: "" })), 404, authMessages.notFound);
      await expectError(await add(pupil({ classId: w.class2 })), 404, authMessages.notFound);
      await expectError(await add(pupil({ schoolId: randomId(), classId: "" })), 404, authMessages.notFound);
      // The Records Officer holds student.create.
      expect((await added(pupil(), w.officer.authorizationToken)).school.name).toBe(ALIMOSHO);
    });
  });
});
