import { describe, expect, it } from "vitest";
import { fieldMessages } from "../../../lib/contract/messages";
import { staffMessages } from "../../../lib/contract/staff";
import { recordsTest } from "./records-test-support";

// Issue 34, item 3: the admission form takes a phone, a date and a gender as people in Nigeria type them,
// and the record keeps them in one form (the same rules the student upload applies to its cells).
describe("student records: local formats", () => {
  const { pupil, add, added, view, update, formOf, rowOf, issuesOf } = recordsTest();

  it("stores a guardian phone typed 08034445566 as 8034445566, a date typed 14/05/2010 as 2010-05-14, and F as Female", async () => {
    const r = await added(pupil({ guardianPhone: "08034445566", dob: "14/05/2010", dateOfAdmission: "13.09.2021", gender: "F" }));
    expect(r).toMatchObject({ guardianPhoneCode: "+234", guardianPhone: "8034445566", dob: "2010-05-14", dateOfAdmission: "2021-09-13", gender: "Female" });
    expect(await rowOf(r.id)).toMatchObject({ guardianPhone: "8034445566", dob: "2010-05-14", dateOfAdmission: "2021-09-13", gender: "Female" });
  });

  it("takes +234 with spaces and dashes, and day-month-year with dashes, on an update too", async () => {
    const r = await added(pupil());
    const answer = await update(r.id, formOf(r, { guardianPhone: "+234 803-444-5577", dob: "2-4-2010", gender: "m" }));
    expect(answer.status).toBe(200);
    const row = await rowOf(r.id);
    expect(row).toMatchObject({ guardianPhone: "8034445577", dob: "2010-04-02", gender: "Male" });
    expect((await view(r.id)).status).toBe(200);
  });

  it("still refuses what is not a phone or a date, saying the expected form", async () => {
    const issues = await issuesOf(await add(pupil({ dob: "19851002", dateOfAdmission: "31/02/2021", gender: "X" })));
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "dob", message: "Enter the date as day/month/year, e.g. 14/05/1972." },
        { path: "dateOfAdmission", message: staffMessages.dateInvalid },
        { path: "gender", message: fieldMessages.required },
      ]),
    );
    const garbage = await issuesOf(await add(pupil({ guardianPhone: "+234 803 444" })));
    expect(garbage).toEqual([{ path: "guardianPhone", message: "Please put in only the last ten digits of your phone number." }]);
  });
});
