import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, fieldMessages, formInvalidMessage, successNotices } from "../../../lib/contract/messages";
import { staffMessages } from "../../../lib/contract/staff";
import { studentMessages, type StudentDuplicates, type StudentRecord, type StudentSaved } from "../../../lib/contract/students";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { admissionSequence, districtConfiguration, lgea, school, schoolClass, student } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, present, randomId, roleRow, staffRow } from "../../test/helpers";
import { imageForm, testImages } from "../../test/images";

const AGEGE = "Agege Senior Grammar School";
const ALIMOSHO = "Alimosho Junior High School";
const IFAKO = "Ifako Community Primary School";

describe("student records: add, view, update, possible duplicates, photo", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  /** Tunde Bakare: the Records Officer role (student.view, student.create, student.update). */
  let officer: AuthResult;
  /** Babatunde Adeyemi: the School Supervisor role (student.view only). */
  let supervisor: AuthResult;
  let d1: string;
  /** District 1's schools by name, and their classes by "School/Class". */
  const schools: Record<string, string> = {};
  const classes: Record<string, string> = {};
  let school2: string;
  let class2: string;
  let student2: string;

  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2, officer, supervisor] = await Promise.all([
      api.loginAdmin(1),
      api.loginAdmin(2),
      api.login("tunde.bakare@example.org", demoPasswords.staff),
      api.login("babatunde.adeyemi@example.org", demoPasswords.staff),
    ]);
    d1 = admin1.staff.district.id;
    const d2 = admin2.staff.district.id;
    for (const row of await api.db.select().from(school).where(eq(school.districtId, d1))) schools[row.name] = row.id;
    for (const row of await api.db
      .select({ name: schoolClass.name, school: school.name, id: schoolClass.id })
      .from(schoolClass)
      .innerJoin(school, eq(school.id, schoolClass.schoolId))
      .where(eq(schoolClass.districtId, d1)))
      classes[`${row.school}/${row.name}`] = row.id;
    school2 = present((await api.db.select().from(school).where(eq(school.districtId, d2)))[0]).id;
    class2 = present((await api.db.select().from(schoolClass).where(eq(schoolClass.districtId, d2)))[0]).id;
    student2 = present((await api.db.select().from(student).where(eq(student.districtId, d2)))[0]).id;
  });
  afterAll(() => api.close());

  const id = (record: Record<string, string>, name: string) => present(record[name], name);
  const token = () => admin1.authorizationToken;
  let n = 0;
  /** A new pupil's form at Alimosho, JSS 1A, admitted in 2021. */
  const pupil = (overrides: Record<string, unknown> = {}) => {
    n++;
    return {
      admissionNumber: "",
      firstName: "Amaka",
      lastName: `Okonkwo${String.fromCharCode(97 + (n % 26))}${n}`,
      middleName: "",
      gender: "Female",
      dob: "2010-03-21",
      schoolId: id(schools, ALIMOSHO),
      classId: id(classes, `${ALIMOSHO}/JSS 1A`),
      dateOfAdmission: "2021-09-13",
      stateOfOrigin: "Anambra",
      localGovernmentOfOrigin: "Awka South",
      stateOfResidence: "Lagos",
      localGovernmentOfResidence: "Alimosho",
      address: "7 Egbeda Road, Alimosho",
      guardianName: "Ngozi Okonkwo",
      guardianRelationship: "Mother",
      guardianPhoneCode: "+234",
      guardianPhone: "8031234567",
      guardianEmail: "",
      specialNeeds: "None",
      ...overrides,
    };
  };
  const add = (body: unknown, t = token()) => api.call("POST", "/student/add", { token: t, body });
  const added = async (body: unknown, t = token()) => (await expectOk<StudentSaved>(await add(body, t), 201)).student;
  const view = (studentId: string, t = token()) => api.call("GET", `/student/view-by-id/${studentId}`, { token: t });
  const update = (studentId: string, body: unknown, t = token()) => api.call("PATCH", `/student/update/${studentId}`, { token: t, body });
  /** The update form of a record as the page fills it. */
  const formOf = (r: StudentRecord, overrides: Record<string, unknown> = {}) => ({
    admissionNumber: r.admissionNumber,
    firstName: r.firstName,
    lastName: r.lastName,
    middleName: r.middleName ?? "",
    gender: r.gender,
    dob: r.dob,
    schoolId: r.school.id,
    classId: r.class?.id ?? "",
    dateOfAdmission: r.dateOfAdmission,
    stateOfOrigin: r.stateOfOrigin,
    localGovernmentOfOrigin: r.localGovernmentOfOrigin,
    stateOfResidence: r.stateOfResidence,
    localGovernmentOfResidence: r.localGovernmentOfResidence,
    address: r.address,
    guardianName: r.guardianName,
    guardianRelationship: r.guardianRelationship,
    guardianPhoneCode: r.guardianPhoneCode,
    guardianPhone: r.guardianPhone,
    guardianEmail: r.guardianEmail ?? "",
    specialNeeds: r.specialNeeds ?? "None",
    enrolmentStatus: r.enrolmentStatus,
    version: r.version,
    ...overrides,
  });
  const rowOf = async (studentId: string) => present((await api.db.select().from(student).where(eq(student.id, studentId)))[0], "student row");
  const issuesOf = async (response: Response, status = 400, message: string = formInvalidMessage) => (await expectError(response, status, message)).issues;

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
        school: { id: id(schools, ALIMOSHO), name: ALIMOSHO, category: "Junior Secondary" },
        class: { id: id(classes, `${ALIMOSHO}/JSS 1A`), name: "JSS 1A", level: "Junior Secondary" },
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
      expect(row).toMatchObject({ districtId: d1, schoolId: id(schools, ALIMOSHO), admissionNumber: "ADM/2021/00001", importId: null, version: 1 });
      const audit = await auditOf(api, r.id);
      expect(audit.map((a) => a.operation)).toEqual(["student.create"]);
      expect(audit[0]).toMatchObject({ actorStaffId: admin1.staff.id, districtId: d1, before: null });
      // The next admission of that year takes the next number; another year starts its own sequence.
      expect((await added(pupil())).admissionNumber).toBe("ADM/2021/00002");
      expect((await added(pupil({ dateOfAdmission: "2022-01-10" }))).admissionNumber).toBe("ADM/2022/00001");
      const [sequence] = await api.db
        .select()
        .from(admissionSequence)
        .where(and(eq(admissionSequence.districtId, d1), eq(admissionSequence.year, 2021)));
      expect(sequence?.last).toBe(2);
    });

    it("admits without a class, and with a number typed by hand", async () => {
      const r = await added(pupil({ classId: "", admissionNumber: " ALI/2021/77 " }));
      expect(r).toMatchObject({ admissionNumber: "ALI/2021/77", class: null });
      expect((await rowOf(r.id)).classId).toBeNull();
    });

    it("follows the district's configured pattern", async () => {
      await api.db.update(districtConfiguration).set({ admissionNumberPattern: "ED1-{YY}-{SEQ:3}" }).where(eq(districtConfiguration.districtId, d1));
      try {
        expect((await added(pupil({ dateOfAdmission: "2018-09-10" }))).admissionNumber).toBe("ED1-18-001");
      } finally {
        await api.db.update(districtConfiguration).set({ admissionNumberPattern: "ADM/{YYYY}/{SEQ:5}" }).where(eq(districtConfiguration.districtId, d1));
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
      const before = (await api.db.select().from(student).where(eq(student.districtId, d1))).length;
      const body = await expectError(await add(pupil({ admissionNumber: "dup/1" })), 409, studentMessages.admissionNumberTaken);
      expect(body.issues).toEqual([{ path: "admissionNumber", message: studentMessages.admissionNumberTaken }]);
      // A seeded pupil's number, at another school of the district.
      const seeded = present((await api.db.select().from(student).where(eq(student.districtId, d1)))[0]);
      await expectError(await add(pupil({ admissionNumber: seeded.admissionNumber.toLowerCase() })), 409, studentMessages.admissionNumberTaken);
      expect((await api.db.select().from(student).where(eq(student.districtId, d1))).length).toBe(before);
      // Another district may use it.
      const other = await added(
        pupil({
          admissionNumber: "DUP/1",
          schoolId: school2,
          classId: "",
          localGovernmentOfResidence: "Ikorodu",
        }),
        admin2.authorizationToken,
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
        [{ guardianPhone: "08031234567" }, [{ path: "guardianPhone", message: fieldMessages.phoneDigits }]],
        // The shared phone field reports both (the form shows the first).
        [
          { guardianPhone: "" },
          [
            { path: "guardianPhone", message: fieldMessages.phoneRequired },
            { path: "guardianPhone", message: fieldMessages.phoneDigits },
          ],
        ],
        [{ guardianPhoneCode: "234" }, [{ path: "guardianPhoneCode", message: staffMessages.countryCodeInvalid }]],
        [{ guardianEmail: "not-an-email" }, [{ path: "guardianEmail", message: fieldMessages.emailInvalid }]],
        [{ specialNeeds: "Gifted" }, [{ path: "specialNeeds", message: fieldMessages.required }]],
        [{ admissionNumber: "ADM 2021 1" }, [{ path: "admissionNumber", message: studentMessages.admissionNumberFormat }]],
        // Places beyond the schema: a state that is none, an LGA of another state.
        [{ stateOfOrigin: "Atlantis" }, [{ path: "stateOfOrigin", message: fieldMessages.stateRequired }]],
        [{ localGovernmentOfResidence: "Awka South" }, [{ path: "localGovernmentOfResidence", message: fieldMessages.lgaRequired }]],
        // A class of another school of the district.
        [{ classId: id(classes, `${AGEGE}/SSS 1A`) }, [{ path: "classId", message: studentMessages.classNotInSchool }]],
      ];
      const before = (await api.db.select().from(student).where(eq(student.districtId, d1))).length;
      for (const [change, expected] of cases) expect(await issuesOf(await add(pupil(change))), JSON.stringify(change)).toEqual(expected);
      expect((await api.db.select().from(student).where(eq(student.districtId, d1))).length).toBe(before);
    });

    it("refuses a caller without student.create (403), and another district's school or class (404)", async () => {
      await expectError(await add(pupil(), supervisor.authorizationToken), 403, authMessages.forbidden);
      await expectError(await add(pupil({ schoolId: school2, classId: "" })), 404, authMessages.notFound);
      await expectError(await add(pupil({ classId: class2 })), 404, authMessages.notFound);
      await expectError(await add(pupil({ schoolId: randomId(), classId: "" })), 404, authMessages.notFound);
      // The Records Officer holds student.create.
      expect((await added(pupil(), officer.authorizationToken)).school.name).toBe(ALIMOSHO);
    });
  });

  describe("viewing and updating", () => {
    it("shows the whole record in scope, and 404 for another district's pupil or no pupil", async () => {
      const made = await added(pupil());
      const shown = await expectOk<StudentRecord>(await view(made.id, supervisor.authorizationToken));
      expect(shown).toEqual(made);
      await expectError(await view(student2), 404, authMessages.notFound);
      await expectError(await view(randomId()), 404, authMessages.notFound);
      await expectError(
        await api.call("GET", `/student/view-by-id/${made.id}`, {
          token: (await api.login("ibrahim.bello@example.org", demoPasswords.staff)).authorizationToken,
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
          officer.authorizationToken,
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
      const audit = await auditOf(api, made.id);
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
      const moved = await expectOk<StudentSaved>(await update(made.id, formOf(made, { schoolId: id(schools, AGEGE), localGovernmentOfResidence: "Agege" })));
      expect(moved.student).toMatchObject({ school: { name: AGEGE }, class: null });
      const placed = await expectOk<StudentSaved>(
        await update(made.id, formOf(moved.student, { schoolId: id(schools, IFAKO), classId: id(classes, `${IFAKO}/Primary 6A`) })),
      );
      expect(placed.student).toMatchObject({ school: { name: IFAKO }, class: { name: "Primary 6A", level: "Primary" } });
      // Within one school, a class of another school is the form's mistake.
      const issues = await issuesOf(await update(made.id, formOf(placed.student, { classId: id(classes, `${AGEGE}/SSS 2A`) })));
      expect(issues).toEqual([{ path: "classId", message: studentMessages.classNotInSchool }]);
      // So is an LGA outside its state.
      expect(await issuesOf(await update(made.id, formOf(placed.student, { localGovernmentOfOrigin: "Ikeja" })))).toEqual([
        { path: "localGovernmentOfOrigin", message: fieldMessages.lgaRequired },
      ]);
    });

    it("refuses without student.update (403), and another district's pupil, school or class (404)", async () => {
      const made = await added(pupil());
      await expectError(await update(made.id, formOf(made), supervisor.authorizationToken), 403, authMessages.forbidden);
      await expectError(await update(student2, formOf(made)), 404, authMessages.notFound);
      await expectError(await update(made.id, formOf(made, { schoolId: school2, classId: "" })), 404, authMessages.notFound);
      await expectError(await update(made.id, formOf(made, { classId: class2 })), 404, authMessages.notFound);
      expect(await rowOf(made.id)).toMatchObject({ version: 1, schoolId: id(schools, ALIMOSHO) });
      const bad = await issuesOf(await update(made.id, { ...formOf(made), version: 0, enrolmentStatus: "Expelled" }));
      expect(bad).toEqual([
        { path: "enrolmentStatus", message: fieldMessages.required },
        { path: "version", message: "Reload the page and try again." },
      ]);
    });
  });

  describe("possible duplicates", () => {
    const duplicates = async (query: Record<string, string>, t = token()) =>
      (await expectOk<StudentDuplicates>(await api.call("GET", `/student/possible-duplicates?${new URLSearchParams(query)}`, { token: t }))).matches;

    it("finds pupils of the district with the same names, gender and date of birth, case and spaces ignored", async () => {
      const first = await added(pupil({ firstName: "Oluwaseun", lastName: "Adebayo-Cole", dob: "2011-05-05", gender: "Male", admissionNumber: "DUPE/1" }));
      const second = await added(
        pupil({
          firstName: "OLUWASEUN ",
          lastName: " adebayo-cole",
          dob: "2011-05-05",
          gender: "Male",
          admissionNumber: "DUPE/2",
          schoolId: id(schools, AGEGE),
          classId: "",
          localGovernmentOfResidence: "Agege",
        }),
      );
      await added(pupil({ firstName: "Oluwaseun", lastName: "Adebayo-Cole", dob: "2011-05-05", gender: "Female" }));
      await added(pupil({ firstName: "Oluwaseun", lastName: "Adebayo-Cole", dob: "2011-05-06", gender: "Male" }));
      const query = { firstName: "  oluwaseun", lastName: "ADEBAYO-COLE  ", gender: "Male", dob: "2011-05-05" };
      expect(await duplicates(query, supervisor.authorizationToken)).toEqual([
        { id: first.id, name: "Oluwaseun Adebayo-Cole", admissionNumber: "DUPE/1", school: ALIMOSHO },
        { id: second.id, name: "OLUWASEUN adebayo-cole", admissionNumber: "DUPE/2", school: AGEGE },
      ]);
      expect(await duplicates({ ...query, exceptId: first.id })).toEqual([expect.objectContaining({ id: second.id })]);
      // Another district's pupils are not this district's duplicates.
      expect(await duplicates(query, admin2.authorizationToken)).toEqual([]);
    });

    it("checks its query, and refuses a caller without student.view", async () => {
      const bad = await expectError(
        await api.call("GET", "/student/possible-duplicates?firstName=A&lastName=B&gender=X&dob=2011-02-30", { token: token() }),
        400,
        formInvalidMessage,
      );
      expect(bad.issues).toEqual([
        { path: "gender", message: fieldMessages.required },
        { path: "dob", message: staffMessages.dateInvalid },
      ]);
      const teacher = await api.login("ibrahim.bello@example.org", demoPasswords.staff);
      await expectError(
        await api.call("GET", "/student/possible-duplicates?firstName=Ann&lastName=Bee&gender=Male&dob=2011-02-03", { token: teacher.authorizationToken }),
        403,
        authMessages.forbidden,
      );
    });
  });

  describe("the photo", () => {
    const upload = (studentId: string, bytes: Buffer, t = token(), type = "image/jpeg") =>
      api.call("POST", `/student/upload-photo/${studentId}`, { token: t, form: imageForm({ file: { bytes, type } }) });

    it("stores the photo re-encoded without its metadata, replaces the old one, and shows it on the record", async () => {
      const made = await added(pupil());
      const first = await expectOk<{ Location: string }>(await upload(made.id, await testImages.jpegWithGps()));
      expect(first.Location).toMatch(/^\/api\/district\/files\//);
      const image = await api.call("GET", first.Location.replace("/api/district", ""), { token: supervisor.authorizationToken });
      expect(image.headers.get("content-type")).toBe("image/jpeg");
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).exif).toBeUndefined();
      const second = await expectOk<{ Location: string }>(await upload(made.id, await testImages.png(), officer.authorizationToken, "image/png"));
      expect((await expectOk<StudentRecord>(await view(made.id))).photo).toEqual(second);
      // The replaced image is gone.
      await expectError(await api.call("GET", first.Location.replace("/api/district", ""), { token: token() }), 404, authMessages.notFound);
      expect((await auditOf(api, made.id)).map((a) => a.operation)).toEqual(["student.create", "student.update-photo", "student.update-photo"]);
    });

    it("refuses what is not an image (400), a caller without student.update (403), another district's pupil (404)", async () => {
      const made = await added(pupil());
      await expectError(await upload(made.id, testImages.text()), 400, "Only PNG or JPEG images are accepted.");
      await expectError(await upload(made.id, await testImages.png(), supervisor.authorizationToken), 403, authMessages.forbidden);
      await expectError(await upload(student2, await testImages.png()), 404, authMessages.notFound);
      expect((await rowOf(made.id)).photoId).toBeNull();
    });
  });

  describe("an LGEA administrator", () => {
    let lgeaToken: string;
    beforeAll(async () => {
      // Funmilayo Ogunleye given the district's LGEA Administrator role at the Alimosho LGEA, working there.
      const [alimosho] = await api.db
        .select()
        .from(lgea)
        .where(and(eq(lgea.districtId, d1), eq(lgea.localGovernment, "Alimosho")));
      const lgeaAdmin = await roleRow(api, d1, "LGEA Administrator");
      const person = (await staffRow(api, "funmilayo.ogunleye@example.org")).id;
      const { roleAccessId } = await expectOk<{ roleAccessId: string }>(
        await api.call("POST", "/role/assign", { token: token(), body: { staffId: person, roleId: lgeaAdmin.id, organizationId: present(alimosho).id } }),
        201,
      );
      const signedIn = await api.login("funmilayo.ogunleye@example.org", demoPasswords.staff);
      const switched = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${roleAccessId}`, { token: signedIn.authorizationToken }));
      expect(switched.currentOrganization).toMatchObject({ id: present(alimosho).id, type: "LGEA" });
      lgeaToken = switched.authorizationToken;
    });

    it("admits pupils only at the LGEA's schools, and reaches only their pupils", async () => {
      const mine = await added(pupil(), lgeaToken);
      expect(mine.school.name).toBe(ALIMOSHO);
      await expectError(
        await add(pupil({ schoolId: id(schools, AGEGE), classId: "", localGovernmentOfResidence: "Agege" }), lgeaToken),
        404,
        authMessages.notFound,
      );
      // A class of a school outside the LGEA is outside the scope too.
      await expectError(await add(pupil({ classId: id(classes, `${AGEGE}/SSS 1A`) }), lgeaToken), 404, authMessages.notFound);
      const agegePupil = await added(pupil({ schoolId: id(schools, AGEGE), classId: "", localGovernmentOfResidence: "Agege" }));
      await expectError(await view(agegePupil.id, lgeaToken), 404, authMessages.notFound);
      await expectError(await update(agegePupil.id, formOf(agegePupil), lgeaToken), 404, authMessages.notFound);
      // Nor may they move their pupil out of the LGEA.
      await expectError(await update(mine.id, formOf(mine, { schoolId: id(schools, AGEGE), classId: "" }), lgeaToken), 404, authMessages.notFound);
      expect((await expectOk<StudentSaved>(await update(mine.id, formOf(mine, { lastName: "Lgea" }), lgeaToken))).student.lastName).toBe("Lgea");
      // The admission number is unique in the whole district, whoever may see the pupil who has it.
      await expectError(await add(pupil({ admissionNumber: agegePupil.admissionNumber }), lgeaToken), 409, studentMessages.admissionNumberTaken);
    });

    it("finds possible duplicates among their own pupils only: a record outside the LGEA is not theirs to read", async () => {
      const twin = { firstName: "Temitope", lastName: "Lgeatwin", gender: "Female", dob: "2012-04-04" };
      const mine = await added(pupil(twin), lgeaToken);
      await added(pupil({ ...twin, schoolId: id(schools, AGEGE), classId: "", localGovernmentOfResidence: "Agege" }));
      const query = new URLSearchParams(twin);
      const found = await expectOk<StudentDuplicates>(await api.call("GET", `/student/possible-duplicates?${query}`, { token: lgeaToken }));
      expect(found.matches.map((m) => m.id)).toEqual([mine.id]);
      // At district level both are found.
      expect((await expectOk<StudentDuplicates>(await api.call("GET", `/student/possible-duplicates?${query}`, { token: token() }))).matches).toHaveLength(2);
    });
  });
});
