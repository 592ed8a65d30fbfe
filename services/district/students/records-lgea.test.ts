import { beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import { studentMessages, type StudentDuplicates, type StudentSaved } from "../../../lib/contract/students";
import { expectError, expectOk } from "../../test/helpers";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { AGEGE, ALIMOSHO, recordsTest } from "./records-test-support";

describe("student records: what an LGEA's staff reach", () => {
  const { w, id, token, pupil, add, added, view, update, formOf } = recordsTest();

  describe("an LGEA administrator", () => {
    let lgeaToken: string;
    beforeAll(async () => {
      // Funmilayo Ogunleye given the district's LGEA Administrator role at the Alimosho LGEA, working there.
      lgeaToken = (await workingAtAlimoshoLgea(w.api, w.admin1)).authorizationToken;
    });

    it("admits pupils only at the LGEA's schools, and reaches only their pupils", async () => {
      const mine = await added(pupil(), lgeaToken);
      expect(mine.school.name).toBe(ALIMOSHO);
      await expectError(
        await add(pupil({ schoolId: id(w.schools, AGEGE), classId: "", localGovernmentOfResidence: "Agege" }), lgeaToken),
        404,
        authMessages.notFound,
      );
      // A class of a school outside the LGEA is outside the scope too.
      await expectError(await add(pupil({ classId: id(w.classes, `${AGEGE}/SSS 1A`) }), lgeaToken), 404, authMessages.notFound);
      const agegePupil = await added(pupil({ schoolId: id(w.schools, AGEGE), classId: "", localGovernmentOfResidence: "Agege" }));
      await expectError(await view(agegePupil.id, lgeaToken), 404, authMessages.notFound);
      await expectError(await update(agegePupil.id, formOf(agegePupil), lgeaToken), 404, authMessages.notFound);
      // Nor may they move their pupil out of the LGEA.
      await expectError(await update(mine.id, formOf(mine, { schoolId: id(w.schools, AGEGE), classId: "" }), lgeaToken), 404, authMessages.notFound);
      expect((await expectOk<StudentSaved>(await update(mine.id, formOf(mine, { lastName: "Lgea" }), lgeaToken))).student.lastName).toBe("Lgea");
      // The admission number is unique in the whole district, whoever may see the pupil who has it.
      await expectError(await add(pupil({ admissionNumber: agegePupil.admissionNumber }), lgeaToken), 409, studentMessages.admissionNumberTaken);
    });

    it("finds possible duplicates among their own pupils only: a record outside the LGEA is not theirs to read", async () => {
      const twin = { firstName: "Temitope", lastName: "Lgeatwin", gender: "Female", dob: "2012-04-04" };
      const mine = await added(pupil(twin), lgeaToken);
      await added(pupil({ ...twin, schoolId: id(w.schools, AGEGE), classId: "", localGovernmentOfResidence: "Agege" }));
      const query = new URLSearchParams(twin);
      const found = await expectOk<StudentDuplicates>(await w.api.call("GET", `/student/possible-duplicates?${query}`, { token: lgeaToken }));
      expect(found.matches.map((m) => m.id)).toEqual([mine.id]);
      // At district level both are found.
      expect((await expectOk<StudentDuplicates>(await w.api.call("GET", `/student/possible-duplicates?${query}`, { token: token() }))).matches).toHaveLength(2);
    });
  });
});
