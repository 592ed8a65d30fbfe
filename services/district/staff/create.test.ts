import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, fieldMessages, formInvalidMessage, successNotices } from "../../../lib/contract/messages";
import { roleMessages } from "../../../lib/contract/roles";
import { staffRegisterMessages, type PossibleDuplicates, type StaffCreated, type StaffRecord } from "../../../lib/contract/staff";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { outbox, resetCode, role, roleAccess, school, staff } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, roleRow, staffRow, present } from "../../test/helpers";

let n = 0;
/** A new staff member whose e-mail, phone and numbers no other test uses. */
const newStaff = (overrides: Record<string, unknown> = {}) => {
  n++;
  return {
    title: "Mrs",
    firstName: "Folake",
    lastName: `Adeyemi${n}`,
    middleName: "",
    oracleNumber: `ORC-NEW-${n}`,
    tescomNumber: `TSC-NEW-${n}`,
    gender: "Female",
    dob: "1990-05-17",
    phoneCode: "+234",
    phoneNumber: `81230${String(n).padStart(5, "0")}`,
    email: `folake.${n}@school.example.org`,
    address: "12 Awolowo Way, Ikeja",
    countryOfOrigin: "Nigeria",
    stateOfOrigin: "Ogun",
    localGovernmentOfOrigin: "Abeokuta North",
    countryOfResidence: "Nigeria",
    stateOfResidence: "Lagos",
    localGovernmentOfResidence: "Ikorodu",
    dateOfEmployment: "2015-09-01",
    staffType: "Teaching",
    ...overrides,
  };
};

describe("adding staff: POST /staff/create, POST /staff/register-district-admin, the invitation", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let supervisor: AuthResult;
  let d1: string;
  let school1: string;
  let school2: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2, supervisor] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2), api.login("babatunde.adeyemi@example.org", demoPasswords.staff)]);
    d1 = admin1.staff.district.id;
    const [s1] = await api.db.select().from(school).where(eq(school.districtId, d1)).limit(1);
    const [s2] = await api.db.select().from(school).where(eq(school.districtId, admin2.staff.district.id)).limit(1);
    school1 = present(s1).id;
    school2 = present(s2).id;
  });
  afterAll(() => api.close());

  const create = (body: unknown, token = admin1.authorizationToken) => api.call("POST", "/staff/create", { token, body });
  const mailTo = async (to: string) => {
    await api.mailer.flush();
    return api.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
  };

  it("creates the staff member at the school, as ResetPassword, audited, and e-mails an invitation code that lives 72 hours", async () => {
    const body = newStaff({ schoolId: school1, email: "Folake.Invite@School.Example.org" });
    const answer = await expectOk<StaffCreated>(await create(body), 201);
    expect(answer.message).toBe(successNotices.staffCreated);
    const row = await staffRow(api, "folake.invite@school.example.org");
    expect(row).toMatchObject({
      id: answer.staff.id,
      districtId: d1,
      schoolId: school1,
      lgeaId: null,
      accountStatus: "ResetPassword",
      passwordHash: null,
      staffType: "Teaching",
    });
    expect((await auditOf(api, row.id)).map((a) => a.operation)).toEqual(["staff.create"]);
    const [code] = await api.db.select().from(resetCode).where(eq(resetCode.staffId, row.id));
    expect(code?.purpose).toBe("invitation");
    const hours = (present(code).expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const [mail] = await mailTo("folake.invite@school.example.org");
    expect(mail?.body).toContain("/password/update-password-otp/?email=folake.invite%40school.example.org");
    expect(mail?.body).toContain("72 hours");
  });

  it("lets the invited staff member set a password with the code and their e-mail alone (no code id), then sign in", async () => {
    const body = newStaff({ email: "kunle.invited@school.example.org" });
    await expectOk<StaffCreated>(await create(body), 201);
    const [mail] = await mailTo("kunle.invited@school.example.org");
    const code = /\b(\d{6})\b/.exec(mail?.body ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const password = "New-Teacher-2026";
    await expectError(
      await api.call("PATCH", "/staff/reset-password", { body: { email: body.email, code: code === "000000" ? "111111" : "000000", password } }),
      400,
      authMessages.invalidResetCode,
    );
    await expectOk(await api.call("PATCH", "/staff/reset-password", { body: { email: body.email, code, password } }));
    expect((await staffRow(api, body.email)).accountStatus).toBe("Active");
    const signedIn = await api.login(body.email, password);
    expect(signedIn.staff.email).toBe(body.email);
    // Used once.
    await expectError(await api.call("PATCH", "/staff/reset-password", { body: { email: body.email, code, password } }), 400, authMessages.invalidResetCode);
  });

  it("posts at the district office when no school or LGEA is named, and at an LGEA office when one is", async () => {
    const office = await expectOk<StaffCreated>(await create(newStaff()), 201);
    const [lgeaOfD1] = await api.db.query.lgea.findMany({ where: (l, { eq }) => eq(l.districtId, d1), limit: 1 });
    const atLgea = await expectOk<StaffCreated>(await create(newStaff({ lgeaId: present(lgeaOfD1).id })), 201);
    const record = (id: string) => api.call("GET", `/staff/view-staff/${id}`, { token: admin1.authorizationToken });
    expect((await expectOk<StaffRecord>(await record(office.staff.id))).posting).toEqual({ kind: "district", id: null, name: "District office" });
    expect((await expectOk<StaffRecord>(await record(atLgea.staff.id))).posting).toEqual({
      kind: "lgea",
      id: present(lgeaOfD1).id,
      name: present(lgeaOfD1).name,
    });
  });

  it("refuses an e-mail, phone, oracle or staff number already in use (numbers across the state) with 409 on each field, saving nothing", async () => {
    const first = newStaff();
    await expectOk(await create(first), 201);
    const clash = newStaff({
      email: first.email.toUpperCase(),
      phoneNumber: first.phoneNumber,
      oracleNumber: ` ${first.oracleNumber.toLowerCase()} `,
      tescomNumber: first.tescomNumber,
    });
    const body = await expectError(await create(clash), 409, formInvalidMessage);
    expect(body.issues).toEqual([
      { path: "email", message: fieldMessages.emailTaken },
      { path: "phoneNumber", message: fieldMessages.phoneTaken },
      { path: "oracleNumber", message: staffRegisterMessages.numberTaken },
      { path: "tescomNumber", message: staffRegisterMessages.numberTaken },
    ]);
    // District 2 is in the same state: its staff numbers clash too.
    const other = await expectError(await create(newStaff({ oracleNumber: first.oracleNumber }), admin2.authorizationToken), 409, formInvalidMessage);
    expect(other.issues).toEqual([{ path: "oracleNumber", message: staffRegisterMessages.numberTaken }]);
    expect(await api.db.select().from(staff).where(eq(staff.lastName, clash.lastName))).toEqual([]);
  });

  it("lets one of two concurrent creates with the same staff number through", async () => {
    const a = newStaff();
    const b = newStaff({ oracleNumber: a.oracleNumber });
    const statuses = (await Promise.all([create(a), create(b)])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
  });

  it("answers 400 with the form's messages: every rule of spec §5, an LGA outside the state, dates before birth, a future birth, both postings", async () => {
    const bad = await expectError(
      await create(
        newStaff({
          firstName: "Al",
          lastName: "",
          email: "not-an-email",
          phoneNumber: "0803",
          oracleNumber: "",
          stateOfResidence: "",
          dob: "2999-01-01",
          staffType: "Cleaner",
        }),
      ),
      400,
      formInvalidMessage,
    );
    expect(bad.issues).toEqual(
      expect.arrayContaining([
        { path: "firstName", message: fieldMessages.nameTooShort },
        { path: "lastName", message: fieldMessages.nameRequired },
        { path: "email", message: fieldMessages.emailInvalid },
        { path: "phoneNumber", message: fieldMessages.phoneDigits },
        { path: "oracleNumber", message: fieldMessages.required },
        { path: "stateOfResidence", message: fieldMessages.stateRequired },
        { path: "dob", message: "Date of birth cannot be in the future." },
        { path: "staffType", message: fieldMessages.required },
      ]),
    );
    const lga = await expectError(await create(newStaff({ localGovernmentOfResidence: "Abeokuta North" })), 400, formInvalidMessage);
    expect(lga.issues).toEqual([{ path: "localGovernmentOfResidence", message: fieldMessages.lgaRequired }]);
    const early = await expectError(await create(newStaff({ dob: "1990-05-17", dateOfEmployment: "1989-01-01" })), 400, formInvalidMessage);
    expect(early.issues).toEqual([{ path: "dateOfEmployment", message: staffRegisterMessages.beforeBirth }]);
    const [lgeaOfD1] = await api.db.query.lgea.findMany({ where: (l, { eq }) => eq(l.districtId, d1), limit: 1 });
    const both = await expectError(await create(newStaff({ schoolId: school1, lgeaId: present(lgeaOfD1).id })), 400, formInvalidMessage);
    expect(both.issues).toEqual([{ path: "lgeaId", message: staffRegisterMessages.postingBoth }]);
  });

  it("refuses a school of another district as the posting, 403 without staff.create, 401 without a token", async () => {
    const foreign = await expectError(await create(newStaff({ schoolId: school2 })), 400, formInvalidMessage);
    expect(foreign.issues).toEqual([{ path: "schoolId", message: staffRegisterMessages.schoolUnknown }]);
    await expectError(await create(newStaff(), supervisor.authorizationToken), 403, authMessages.forbidden);
    await expectError(await api.call("POST", "/staff/create", { body: newStaff() }), 401, authMessages.notSignedIn);
  });

  it("registers a district administrator: the new staff member holds the district's administrator role at the district", async () => {
    const body = newStaff({ email: "new.admin@district.example.org" });
    const answer = await expectOk<StaffCreated>(await api.call("POST", "/staff/register-district-admin", { token: admin1.authorizationToken, body }), 201);
    const adminRole = await roleRow(api, d1, "District Administrator");
    const accesses = await api.db.select().from(roleAccess).where(eq(roleAccess.staffId, answer.staff.id));
    expect(accesses).toMatchObject([{ roleId: adminRole.id, organizationId: d1, organizationType: "District", districtId: d1 }]);
    const record = await expectOk<StaffRecord>(await api.call("GET", `/staff/view-staff/${answer.staff.id}`, { token: admin1.authorizationToken }));
    expect(record.roles).toEqual([{ id: present(accesses[0]).id, role: "District Administrator", organization: admin1.staff.district.name }]);
  });

  it("refuses to register a district administrator for a caller who lacks any of that role's operations (the grant rule), saving nothing", async () => {
    // A records officer with staff.create but not every operation of the administrator role.
    const officerRole = await roleRow(api, d1, "Records Officer");
    await api.db
      .update(role)
      .set({ operations: [...officerRole.operations, "staff.create"] })
      .where(eq(role.id, officerRole.id));
    const [holder] = await api.db.select().from(roleAccess).where(eq(roleAccess.roleId, officerRole.id)).limit(1);
    const [holderRow] = await api.db
      .select()
      .from(staff)
      .where(eq(staff.id, present(holder).staffId));
    const officer = await api.login(present(holderRow).email, demoPasswords.staff);
    const body = newStaff({ email: "not.an.admin@district.example.org" });
    await expectError(await api.call("POST", "/staff/register-district-admin", { token: officer.authorizationToken, body }), 403, roleMessages.cannotGrant);
    expect(
      await api.db
        .select()
        .from(staff)
        .where(and(eq(staff.email, body.email))),
    ).toEqual([]);
    await expectOk(await create(newStaff(), officer.authorizationToken), 201);
  });

  it("warns of possible duplicates: same names and date of birth, case and spaces ignored, within the caller's district", async () => {
    const body = newStaff({ firstName: "Adaeze", lastName: "Okonkwo Duplicate", dob: "1985-02-03" });
    const { staff: made } = await expectOk<StaffCreated>(await create(body), 201);
    const ask = (q: Record<string, string>, token = admin1.authorizationToken) =>
      api.call("GET", `/staff/possible-duplicates?${new URLSearchParams(q)}`, { token });
    const found = await expectOk<PossibleDuplicates>(await ask({ firstName: " adaeze ", lastName: "OKONKWO   duplicate", dob: "1985-02-03" }));
    expect(found.matches).toEqual([{ id: made.id, name: "Adaeze Okonkwo Duplicate", posting: { kind: "district", id: null, name: "District office" } }]);
    expect((await expectOk<PossibleDuplicates>(await ask({ firstName: "Adaeze", lastName: "Okonkwo Duplicate", dob: "1985-02-04" }))).matches).toEqual([]);
    const d2 = await expectOk<PossibleDuplicates>(
      await ask({ firstName: "Adaeze", lastName: "Okonkwo Duplicate", dob: "1985-02-03" }, admin2.authorizationToken),
    );
    expect(d2.matches).toEqual([]);
  });
});
