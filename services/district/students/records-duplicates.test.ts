import { describe, expect, it } from "vitest";
import { authMessages, fieldMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { staffMessages } from "../../../lib/contract/staff";
import type { StudentDuplicates } from "../../../lib/contract/students";
import { demoPasswords } from "../../db/demo-data";
import { expectError, expectOk } from "../../test/helpers";
import { AGEGE, ALIMOSHO, recordsTest } from "./records-test-support";

describe("student records: possible duplicates", () => {
  const { w, id, token, pupil, added } = recordsTest();

  describe("possible duplicates", () => {
    const duplicates = async (query: Record<string, string>, t = token()) =>
      (await expectOk<StudentDuplicates>(await w.api.call("GET", `/student/possible-duplicates?${new URLSearchParams(query)}`, { token: t }))).matches;

    it("finds pupils of the district with the same names, gender and date of birth, case and spaces ignored", async () => {
      const first = await added(pupil({ firstName: "Oluwaseun", lastName: "Adebayo-Cole", dob: "2011-05-05", gender: "Male", admissionNumber: "DUPE/1" }));
      const second = await added(
        pupil({
          firstName: "OLUWASEUN ",
          lastName: " adebayo-cole",
          dob: "2011-05-05",
          gender: "Male",
          admissionNumber: "DUPE/2",
          schoolId: id(w.schools, AGEGE),
          classId: "",
          localGovernmentOfResidence: "Agege",
        }),
      );
      await added(pupil({ firstName: "Oluwaseun", lastName: "Adebayo-Cole", dob: "2011-05-05", gender: "Female" }));
      await added(pupil({ firstName: "Oluwaseun", lastName: "Adebayo-Cole", dob: "2011-05-06", gender: "Male" }));
      const query = { firstName: "  oluwaseun", lastName: "ADEBAYO-COLE  ", gender: "Male", dob: "2011-05-05" };
      expect(await duplicates(query, w.supervisor.authorizationToken)).toEqual([
        { id: first.id, name: "Oluwaseun Adebayo-Cole", admissionNumber: "DUPE/1", school: ALIMOSHO },
        { id: second.id, name: "OLUWASEUN adebayo-cole", admissionNumber: "DUPE/2", school: AGEGE },
      ]);
      expect(await duplicates({ ...query, exceptId: first.id })).toEqual([expect.objectContaining({ id: second.id })]);
      // Another district's pupils are not this district's duplicates.
      expect(await duplicates(query, w.admin2.authorizationToken)).toEqual([]);
    });

    it("checks its query, and refuses a caller without student.view", async () => {
      const bad = await expectError(
        await w.api.call("GET", "/student/possible-duplicates?firstName=A&lastName=B&gender=X&dob=2011-02-30", { token: token() }),
        400,
        formInvalidMessage,
      );
      expect(bad.issues).toEqual([
        { path: "gender", message: fieldMessages.required },
        { path: "dob", message: staffMessages.dateInvalid },
      ]);
      const teacher = await w.api.login("ibrahim.bello@example.org", demoPasswords.staff);
      await expectError(
        await w.api.call("GET", "/student/possible-duplicates?firstName=Ann&lastName=Bee&gender=Male&dob=2011-02-03", { token: teacher.authorizationToken }),
        403,
        authMessages.forbidden,
      );
    });
  });
});
