import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { staffMessages, type StaffCreated } from "../../../lib/contract/staff";
import type { AuthResult } from "../../../lib/contract/user";
import { school } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, staffRow } from "../../test/helpers";

// Issue 34, item 3: the staff form takes a phone, dates and a gender as people in Nigeria type them, and the
// record keeps them in one form (the same rules the staff upload applies to its cells).
describe("staff: local formats", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let school1: string;
  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
    school1 = present((await api.db.select().from(school).where(eq(school.districtId, admin1.staff.district.id)).limit(1))[0]).id;
  });
  afterAll(() => api.close());

  const form = (overrides: Record<string, unknown>) => ({
    title: "Mrs",
    firstName: "Folake",
    lastName: "Adebayo",
    middleName: "",
    oracleNumber: "ORC-LOCAL-1",
    tescomNumber: "TSC-LOCAL-1",
    gender: "Female",
    dob: "1990-05-17",
    phoneCode: "+234",
    phoneNumber: "8124440001",
    email: "folake.local@school.example.org",
    address: "12 Awolowo Way, Ikeja",
    countryOfOrigin: "Nigeria",
    stateOfOrigin: "Ogun",
    localGovernmentOfOrigin: "Abeokuta North",
    countryOfResidence: "Nigeria",
    stateOfResidence: "Lagos",
    localGovernmentOfResidence: "Ikorodu",
    staffType: "Teaching",
    schoolId: school1,
    ...overrides,
  });
  const create = (body: unknown) => api.call("POST", "/staff/create", { token: admin1.authorizationToken, body });

  it("stores a phone typed +234 803 444 5566 as 8034445566, dates typed day/month/year as YYYY-MM-DD, and f as Female", async () => {
    await expectOk<StaffCreated>(await create(form({ phoneNumber: "+234 803 444 5566", dob: "14/05/1972", dateOfEmployment: "01-09-1995", gender: "f" })), 201);
    const row = await staffRow(api, "folake.local@school.example.org");
    expect(row).toMatchObject({ phoneCode: "+234", phoneNumber: "8034445566", dob: "1972-05-14", dateOfEmployment: "1995-09-01", gender: "Female" });
  });

  it("finds the number taken however it is typed", async () => {
    const again = await expectError(
      await create(form({ phoneNumber: "0803-444-5566", email: "another.local@school.example.org", oracleNumber: "ORC-LOCAL-2", tescomNumber: "TSC-LOCAL-2" })),
      409,
      formInvalidMessage,
    );
    expect(again.issues).toEqual([{ path: "phoneNumber", message: fieldMessages.phoneTaken }]);
  });

  it("refuses garbage with the spec's phone message and a date it cannot read with the expected form", async () => {
    const body = await expectError(
      await create(
        form({
          phoneNumber: "0803 444 55",
          dob: "19720514",
          email: "third.local@school.example.org",
          oracleNumber: "ORC-LOCAL-3",
          tescomNumber: "TSC-LOCAL-3",
        }),
      ),
      400,
      formInvalidMessage,
    );
    expect(body.issues).toEqual([
      { path: "dob", message: staffMessages.dateInvalid },
      { path: "phoneNumber", message: "Please put in only the last ten digits of your phone number." },
    ]);
    expect(staffMessages.dateInvalid).toBe("Enter the date as day/month/year, e.g. 14/05/1972.");
  });
});
