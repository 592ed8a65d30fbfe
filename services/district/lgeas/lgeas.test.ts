import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lgeaMessages, type AvailableLocalGovernments, type LgeaCreated, type LgeaPage } from "../../../lib/contract/lgea";
import { authMessages, fieldMessages, formInvalidMessage, successNotices } from "../../../lib/contract/messages";
import { lgeaAdminOperations } from "../../../lib/contract/permissions";
import { roleMessages } from "../../../lib/contract/roles";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { NIGERIA_STATES_AND_LGAS } from "../../db/reference/nigeria";
import { lgea, outbox, resetCode, role, roleAccess, school, staff } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, present, randomId, roleRow, staffRow } from "../../test/helpers";
import { lgasOfStatePortal } from "./rules";
import { newLgeaForm, newStaffForm } from "./test-fixtures";

const lagosLgas = present(NIGERIA_STATES_AND_LGAS.find((s) => s.state === "Lagos")).lgas;

describe("GET /lgea/search", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
  });
  afterAll(() => api.close());

  const search = (token: string, query: string) => api.call("GET", `/lgea/search?${query}`, { token });

  it("lists the district's LGEAs by name, a page at a time, with contacts, administrators and counts of schools and staff", async () => {
    const all = await expectOk<LgeaPage>(await search(admin1.authorizationToken, `district[0]=${admin1.staff.district.id}&limit=1000&page=1`));
    expect(all.lgeas.map((l) => [l.name, l.localGovernment])).toEqual([
      ["Agege LGEA", "Agege"],
      ["Alimosho LGEA", "Alimosho"],
      ["Ifako-Ijaiye LGEA", "Ifako-Ijaiye"],
    ]);
    expect(all.total).toBe(3);
    // The seed posts its eight staff at the three schools in turn (3, 3, 2); none at an LGEA office, no administrators.
    expect(all.lgeas.map(({ id: _id, ...rest }) => rest)).toEqual([
      { name: "Agege LGEA", localGovernment: "Agege", address: null, phoneNumbers: [], emails: [], administrators: [], schools: 1, staff: 3 },
      { name: "Alimosho LGEA", localGovernment: "Alimosho", address: null, phoneNumbers: [], emails: [], administrators: [], schools: 1, staff: 3 },
      { name: "Ifako-Ijaiye LGEA", localGovernment: "Ifako-Ijaiye", address: null, phoneNumbers: [], emails: [], administrators: [], schools: 1, staff: 2 },
    ]);
    const second = await expectOk<LgeaPage>(await search(admin1.authorizationToken, "limit=2&page=2"));
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2, lgeas: [{ name: "Ifako-Ijaiye LGEA" }] });
  });

  it("hides another district (404), needs lgea.view (403) and checks limit and page (400)", async () => {
    await expectError(await search(admin1.authorizationToken, `district[0]=${admin2.staff.district.id}`), 404, authMessages.notFound);
    await expectError(await search(admin1.authorizationToken, `district[0]=${randomId()}`), 404, authMessages.notFound);
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await search(teacher.authorizationToken, ""), 403, authMessages.forbidden);
    const bad = await expectError(
      await search(admin1.authorizationToken, "limit=0&page=0"),
      400,
      "Validation failed: Please ensure all fields are filled correctly.",
    );
    expect(bad.issues?.map((i) => i.message)).toEqual(["Limit must be a whole number from 1 to 1000.", "Page must be a whole number from 1."]);
  });
});

describe("the state's LGAs of a state portal", () => {
  it("reads the state from the portal's name, with or without 'State', and the FCT by either name", () => {
    expect(lgasOfStatePortal("Lagos State")).toEqual(lagosLgas);
    expect(lgasOfStatePortal(" lagos ")).toEqual(lagosLgas);
    expect(lgasOfStatePortal("FCT - Abuja")).toContain("Municipal Area Council");
    expect(lgasOfStatePortal("Federal Capital Territory")).toContain("Municipal Area Council");
    expect(lgasOfStatePortal("Atlantis State")).toEqual([]);
  });
});

describe("LGEA portal creation: GET /lgea/available-local-governments, POST /staff/register-lga-admin-on-district-portal", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let supervisor: AuthResult;
  let d1: string;
  let d2: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2, supervisor] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2), api.login("babatunde.adeyemi@example.org", demoPasswords.staff)]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
  });
  afterAll(() => api.close());

  const create = (body: unknown, token = admin1.authorizationToken) => api.call("POST", "/staff/register-lga-admin-on-district-portal", { token, body });
  const available = async (token = admin1.authorizationToken) =>
    (await expectOk<AvailableLocalGovernments>(await api.call("GET", "/lgea/available-local-governments", { token }))).localGovernments;
  const search = async (token = admin1.authorizationToken) => (await expectOk<LgeaPage>(await api.call("GET", "/lgea/search?limit=1000", { token }))).lgeas;
  const mailTo = async (to: string) => {
    await api.mailer.flush();
    return api.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
  };
  const lgeaNamed = (districtId: string, name: string) =>
    api.db
      .select()
      .from(lgea)
      .where(and(eq(lgea.districtId, districtId), eq(sql`lower(${lgea.name})`, name.toLowerCase())));
  const staffWithEmail = (email: string) =>
    api.db
      .select()
      .from(staff)
      .where(eq(sql`lower(${staff.email})`, email.toLowerCase()));
  /** Nothing of a refused create is saved: no LGEA of that name, no staff member of that e-mail, no mail. */
  const expectNothingSaved = async (body: { name: string; administrator: { kind: string; staff?: { email: string } } }) => {
    expect(await lgeaNamed(d1, body.name)).toEqual([]);
    const email = body.administrator.staff?.email;
    if (email) {
      expect(await staffWithEmail(email)).toEqual([]);
      expect(await mailTo(email)).toEqual([]);
    }
  };

  it("lists the state's LGAs without a portal in the caller's district, by name", async () => {
    const seeded1 = ["Agege", "Alimosho", "Ifako-Ijaiye"];
    expect(await available()).toEqual(lagosLgas.filter((l) => !seeded1.includes(l)));
    const seeded2 = ["Ikorodu", "Kosofe", "Shomolu"];
    expect(await available(admin2.authorizationToken)).toEqual(lagosLgas.filter((l) => !seeded2.includes(l)));
  });

  it("creates the portal with a new administrator: the LGEA, its schools, the staff member at its office as ResetPassword with their role there, the invitation, the audit", async () => {
    // A school of the district in Ikeja from before any LGEA there (an import of old), and one of district 2 in Ikeja.
    const [orphan] = await api.db
      .insert(school)
      .values({ districtId: d1, name: "Ikeja Old Primary School", localGovernment: "Ikeja", category: "Primary" })
      .returning();
    const [otherDistrict] = await api.db
      .insert(school)
      .values({ districtId: d2, name: "Ikeja Grammar School", localGovernment: "Ikeja", category: "Senior Secondary" })
      .returning();
    const administrator = newStaffForm({ email: "Ikeja.Admin@LGEA.example.org", schoolId: null });
    const body = newLgeaForm("Ikeja", { name: "  Ikeja   LGEA ", localGovernment: "ikeja ", administrator: { kind: "new", staff: administrator } });
    const answer = await expectOk<LgeaCreated>(await create(body), 201);

    const [row] = await lgeaNamed(d1, "Ikeja LGEA");
    const created = present(row, "LGEA row");
    expect(created).toMatchObject({
      districtId: d1,
      name: "Ikeja LGEA",
      localGovernment: "Ikeja",
      address: "1 Council Road, Ikeja, Lagos",
      phoneNumbers: ["+2348035550101"],
      emails: ["office@ikeja-lgea.example.org"],
      version: 1,
    });
    const person = await staffRow(api, "ikeja.admin@lgea.example.org");
    expect(answer).toEqual({
      message: successNotices.lgeaCreated,
      lgea: { id: created.id, name: "Ikeja LGEA", localGovernment: "Ikeja" },
      administrator: { id: person.id, firstName: "Gbenga", lastName: administrator.lastName, email: "ikeja.admin@lgea.example.org", invited: true },
    });
    expect(person).toMatchObject({ districtId: d1, lgeaId: created.id, schoolId: null, accountStatus: "ResetPassword", passwordHash: null });

    const lgeaAdmin = present(
      (
        await api.db
          .select()
          .from(role)
          .where(and(eq(role.districtId, d1), eq(role.systemKey, "lgea-admin")))
      )[0],
    );
    const accesses = await api.db.select().from(roleAccess).where(eq(roleAccess.staffId, person.id));
    expect(accesses).toMatchObject([{ districtId: d1, organizationType: "LGEA", organizationId: created.id, roleId: lgeaAdmin.id }]);
    const access = present(accesses[0]);

    const schools = await api.db.select({ id: school.id, lgeaId: school.lgeaId }).from(school).where(eq(school.localGovernment, "Ikeja"));
    expect(schools).toEqual(
      expect.arrayContaining([
        { id: present(orphan).id, lgeaId: created.id },
        { id: present(otherDistrict).id, lgeaId: null },
      ]),
    );

    expect((await auditOf(api, created.id)).map((a) => [a.operation, a.actorStaffId])).toEqual([["lgea.create", admin1.staff.id]]);
    expect((await auditOf(api, access.id)).map((a) => a.operation)).toEqual(["role.assign"]);
    expect((await auditOf(api, person.id)).map((a) => a.operation)).toEqual(["staff.create"]);

    const [code] = await api.db.select().from(resetCode).where(eq(resetCode.staffId, person.id));
    expect(code?.purpose).toBe("invitation");
    const [mail] = await mailTo("ikeja.admin@lgea.example.org");
    expect(mail?.body).toMatch(/\b\d{6}\b/);
    expect(mail?.body).toContain("/password/update-password-otp/?email=ikeja.admin%40lgea.example.org");

    expect((await search()).find((l) => l.id === created.id)).toEqual({
      id: created.id,
      name: "Ikeja LGEA",
      localGovernment: "Ikeja",
      address: "1 Council Road, Ikeja, Lagos",
      phoneNumbers: ["+2348035550101"],
      emails: ["office@ikeja-lgea.example.org"],
      administrators: [{ id: person.id, firstName: "Gbenga", lastName: administrator.lastName, email: "ikeja.admin@lgea.example.org" }],
      schools: 1,
      staff: 1,
    });
    expect(await available()).not.toContain("Ikeja");
  });

  it("gives the role to an existing staff member of the district, who keeps their posting and gets no invitation", async () => {
    const teacher = await staffRow(api, "ibrahim.bello@example.org");
    const body = newLgeaForm("Apapa", { administrator: { kind: "existing", staffId: teacher.id } });
    const answer = await expectOk<LgeaCreated>(await create(body), 201);
    expect(answer.administrator).toEqual({ id: teacher.id, firstName: "Ibrahim", lastName: "Bello", email: teacher.email, invited: false });
    const after = await staffRow(api, teacher.email);
    expect(after).toMatchObject({ schoolId: teacher.schoolId, lgeaId: null, accountStatus: "Active", version: teacher.version });
    expect(
      await api.db
        .select()
        .from(roleAccess)
        .where(and(eq(roleAccess.staffId, teacher.id), eq(roleAccess.organizationId, answer.lgea.id))),
    ).toMatchObject([{ organizationType: "LGEA", districtId: d1 }]);
    expect(await mailTo(teacher.email)).toEqual([]);
    // Listed as its administrator; its staff are those posted at its (no) schools and office, not its administrator's school.
    expect((await search()).find((l) => l.id === answer.lgea.id)).toMatchObject({
      administrators: [{ id: teacher.id, firstName: "Ibrahim", lastName: "Bello", email: teacher.email }],
      schools: 0,
      staff: 0,
    });
    // A suspended holder is not listed.
    await api.db.update(staff).set({ accountStatus: "Suspended" }).where(eq(staff.id, teacher.id));
    expect((await search()).find((l) => l.id === answer.lgea.id)?.administrators).toEqual([]);
    await api.db.update(staff).set({ accountStatus: "Active" }).where(eq(staff.id, teacher.id));
  });

  it("lets a local government have one portal per district: district 2 may have its own", async () => {
    const answer = await expectOk<LgeaCreated>(await create(newLgeaForm("Agege"), admin2.authorizationToken), 201);
    expect(answer.lgea).toMatchObject({ name: "Agege LGEA", localGovernment: "Agege" });
    expect(await available(admin2.authorizationToken)).not.toContain("Agege");
  });

  it("refuses a local government outside the state (400), one with a portal (409) and a name in use (409), saving nothing", async () => {
    const outside = newLgeaForm("Abeokuta North");
    const bad = await expectError(await create(outside), 400, formInvalidMessage);
    expect(bad.issues).toEqual([{ path: "localGovernment", message: lgeaMessages.localGovernmentNotInState }]);
    await expectNothingSaved(outside);

    const takenPlace = newLgeaForm("Agege", { name: "Agege Second LGEA" });
    const place = await expectError(await create(takenPlace), 409, formInvalidMessage);
    expect(place.issues).toEqual([{ path: "localGovernment", message: lgeaMessages.localGovernmentTaken }]);
    await expectNothingSaved(takenPlace);

    const takenName = newLgeaForm("Mushin", { name: " alimosho   lgea " });
    const name = await expectError(await create(takenName), 409, formInvalidMessage);
    expect(name.issues).toEqual([{ path: "name", message: lgeaMessages.nameTaken }]);
    expect(await lgeaNamed(d1, "Mushin LGEA")).toEqual([]);
    await expectNothingSaved({ ...takenName, name: "Mushin LGEA" });

    const both = await expectError(await create(newLgeaForm("Alimosho")), 409, formInvalidMessage);
    expect(both.issues).toEqual([
      { path: "name", message: lgeaMessages.nameTaken },
      { path: "localGovernment", message: lgeaMessages.localGovernmentTaken },
    ]);
    expect(await available()).toContain("Mushin");
  });

  it("refuses an existing administrator who is not a staff member of the district, or is suspended (400), saving nothing", async () => {
    const other = await staffRow(api, "yetunde.lawal@example.org");
    const suspended = await staffRow(api, "emeka.eze@example.org");
    await api.db.update(staff).set({ accountStatus: "Suspended" }).where(eq(staff.id, suspended.id));
    for (const staffId of [other.id, randomId(), suspended.id]) {
      const body = newLgeaForm("Ojo", { administrator: { kind: "existing", staffId } });
      const bad = await expectError(await create(body), 400, formInvalidMessage);
      expect(bad.issues).toEqual([{ path: "administrator.staffId", message: lgeaMessages.administratorNotInDistrict }]);
      await expectNothingSaved(body);
    }
    await api.db.update(staff).set({ accountStatus: "Active" }).where(eq(staff.id, suspended.id));
    const missing = await expectError(await create(newLgeaForm("Ojo", { administrator: undefined })), 400, formInvalidMessage);
    expect(missing.issues).toEqual([{ path: "administrator", message: lgeaMessages.administratorRequired }]);
  });

  it("checks a new administrator as POST /staff/create does, with the issues under administrator.staff., saving nothing", async () => {
    const invalid = newLgeaForm("Ojo", { administrator: { kind: "new", staff: newStaffForm({ email: "not-an-email", firstName: "Al" }) } });
    const bad = await expectError(await create(invalid), 400, formInvalidMessage);
    expect(bad.issues).toEqual([
      { path: "administrator.staff.firstName", message: fieldMessages.nameTooShort },
      { path: "administrator.staff.email", message: fieldMessages.emailInvalid },
    ]);
    const place = newLgeaForm("Ojo", { administrator: { kind: "new", staff: newStaffForm({ localGovernmentOfResidence: "Abeokuta North" }) } });
    const lga = await expectError(await create(place), 400, formInvalidMessage);
    expect(lga.issues).toEqual([{ path: "administrator.staff.localGovernmentOfResidence", message: fieldMessages.lgaRequired }]);
    await expectNothingSaved(place);

    const clash = newLgeaForm("Ojo", { administrator: { kind: "new", staff: newStaffForm({ email: "ADMIN.ED2@example.org", phoneNumber: "8030000001" }) } });
    const taken = await expectError(await create(clash), 409, formInvalidMessage);
    expect(taken.issues).toEqual([
      { path: "administrator.staff.email", message: fieldMessages.emailTaken },
      { path: "administrator.staff.phoneNumber", message: fieldMessages.phoneTaken },
    ]);
    expect(await lgeaNamed(d1, "Ojo LGEA")).toEqual([]);
    expect(await available()).toContain("Ojo");

    // Whatever posting the form names, the new administrator works at the LGEA's office.
    const [anySchool] = await api.db.select().from(school).where(eq(school.districtId, d1)).limit(1);
    const posted = newStaffForm({ schoolId: present(anySchool).id });
    const answer = await expectOk<LgeaCreated>(await create(newLgeaForm("Ojo", { administrator: { kind: "new", staff: posted } })), 201);
    expect(await staffRow(api, posted.email)).toMatchObject({ schoolId: null, lgeaId: answer.lgea.id });
  });

  it("lets one of two concurrent creates of one local government through", async () => {
    const statuses = (await Promise.all([create(newLgeaForm("Badagry")), create(newLgeaForm("Badagry", { name: "Badagry West LGEA" }))]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([201, 409]);
    expect(
      await api.db
        .select()
        .from(lgea)
        .where(and(eq(lgea.districtId, d1), eq(lgea.localGovernment, "Badagry"))),
    ).toHaveLength(1);
  });

  it("answers 403 without lgea.create and 401 without a token", async () => {
    expect(supervisor.permissions).not.toContain("lgea.create");
    const body = newLgeaForm("Epe");
    await expectError(await create(body, supervisor.authorizationToken), 403, authMessages.forbidden);
    await expectError(await api.call("GET", "/lgea/available-local-governments", { token: supervisor.authorizationToken }), 403, authMessages.forbidden);
    await expectError(await api.call("POST", "/staff/register-lga-admin-on-district-portal", { body }), 401, authMessages.notSignedIn);
    await expectError(await api.call("GET", "/lgea/available-local-governments"), 401, authMessages.notSignedIn);
    await expectNothingSaved(body);
  });

  it("registers a new administrator only for a caller who may also create staff; an existing one needs no more", async () => {
    const [portalMaker] = await api.db
      .insert(role)
      .values({ districtId: d1, name: "LGEA portal maker", operations: [...lgeaAdminOperations, "lgea.create"] })
      .returning();
    const maker = await staffRow(api, "ngozi.obi@example.org");
    await api.db
      .insert(roleAccess)
      .values({ staffId: maker.id, districtId: d1, organizationType: "District", organizationId: d1, roleId: present(portalMaker).id });
    const session = await api.login(maker.email, demoPasswords.staff);
    expect(session.permissions).not.toContain("staff.create");

    const fresh = newLgeaForm("Ibeju-Lekki");
    await expectError(await create(fresh, session.authorizationToken), 403, lgeaMessages.newAdministratorNeedsStaffCreate);
    await expectNothingSaved(fresh);
    const teacher = await staffRow(api, "chiamaka.nwosu@example.org");
    await expectOk<LgeaCreated>(
      await create(newLgeaForm("Ibeju-Lekki", { administrator: { kind: "existing", staffId: teacher.id } }), session.authorizationToken),
      201,
    );
  });

  it("refuses a caller with lgea.create who lacks an operation of the LGEA administrator role (the grant rule), saving nothing", async () => {
    const officerRole = await roleRow(api, d1, "Records Officer");
    await api.db
      .update(role)
      .set({ operations: [...officerRole.operations, "lgea.create"] })
      .where(eq(role.id, officerRole.id));
    const [holder] = await api.db.select().from(roleAccess).where(eq(roleAccess.roleId, officerRole.id)).limit(1);
    const [holderRow] = await api.db
      .select()
      .from(staff)
      .where(eq(staff.id, present(holder).staffId));
    const officer = await api.login(present(holderRow).email, demoPasswords.staff);
    expect(officer.permissions).toContain("lgea.create");
    expect(officer.permissions).not.toContain("class.create");

    const fresh = newLgeaForm("Eti-Osa");
    await expectError(await create(fresh, officer.authorizationToken), 403, roleMessages.cannotGrant);
    await expectNothingSaved(fresh);
    const existing = newLgeaForm("Eti-Osa", { administrator: { kind: "existing", staffId: present(holderRow).id } });
    await expectError(await create(existing, officer.authorizationToken), 403, roleMessages.cannotGrant);
    await expectNothingSaved(existing);
    expect(
      await api.db
        .select()
        .from(roleAccess)
        .where(eq(roleAccess.staffId, present(holderRow).id)),
    ).toHaveLength(1);
    // The choices are theirs to see.
    expect(await available(officer.authorizationToken)).toContain("Eti-Osa");
  });
});
