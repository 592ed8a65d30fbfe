import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { staffMessages, todayInLagos } from "../../../lib/contract/staff";
import {
  MAX_STAFF_PER_TRANSFER,
  staffTransferMessages as m,
  type StaffTransferDetail,
  type StaffTransferInput,
  type StaffTransferList,
  type StaffTransferred,
  type StaffTransferReview,
} from "../../../lib/contract/staff-transfers";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { lgea, role, roleAccess, school, schoolClass, schoolRole, staff, staffTransfer, staffTransferRow } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, randomId, staffRow } from "../../test/helpers";

/** The day `n` days after today in Lagos (before it when negative), as YYYY-MM-DD. */
function dayFromToday(n: number) {
  const day = new Date(`${todayInLagos()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + n);
  return day.toISOString().slice(0, 10);
}

describe("staff transfers", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;
  let d2: string;
  /** District 1's schools and LGEAs by name, and one of district 2's. */
  let schools: Record<string, string>;
  let lgeas: Record<string, string>;
  let otherSchool: string;
  let otherLgea: string;
  let demoHash: string | null;

  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
    const rows = await api.db.select().from(school);
    schools = Object.fromEntries(rows.filter((s) => s.districtId === d1).map((s) => [s.name, s.id]));
    otherSchool = rows.find((s) => s.districtId === d2)?.id ?? "";
    const areas = await api.db.select().from(lgea);
    lgeas = Object.fromEntries(areas.filter((a) => a.districtId === d1).map((a) => [a.name, a.id]));
    otherLgea = areas.find((a) => a.districtId === d2)?.id ?? "";
    demoHash = (await staffRow(api, "halima.sani@example.org")).passwordHash;
  });
  afterAll(() => api.close());

  /** The id of a seeded school or LGEA of district 1 by its name. */
  const idOf = (ids: Record<string, string>, name: string) => {
    const id = ids[name];
    if (!id) throw new Error(`district 1 has no ${name}`);
    return id;
  };
  const agege = () => idOf(schools, "Agege Senior Grammar School");
  const alimosho = () => idOf(schools, "Alimosho Junior High School");
  const ifako = () => idOf(schools, "Ifako Community Primary School");
  const lgeaNamed = (name: string) => idOf(lgeas, name);

  let hired = 0;
  /** A new staff member of district 1 (or `districtId`) posted at a school, an LGEA office or (neither) the district office; signs in with the demo staff password. */
  async function hire(name: string, posting: { schoolId?: string; lgeaId?: string; districtId?: string } = {}) {
    const n = ++hired;
    const [firstName = "", lastName = ""] = name.split(" ");
    const [row] = await api.db
      .insert(staff)
      .values({
        districtId: posting.districtId ?? d1,
        schoolId: posting.schoolId ?? null,
        lgeaId: posting.lgeaId ?? null,
        firstName,
        lastName,
        email: `transfer.test.${n}@example.org`,
        phoneNumber: `80700${String(n).padStart(5, "0")}`,
        passwordHash: demoHash,
        accountStatus: "Active",
      })
      .returning();
    if (!row) throw new Error("staff insert failed");
    return row;
  }
  const giveSchoolRole = (staffId: string, schoolId: string, roleName: string) =>
    api.db.insert(schoolRole).values({ districtId: d1, schoolId, role: roleName, staffId });
  const rolesOf = async (staffId: string) =>
    (await api.db.select().from(schoolRole).where(eq(schoolRole.staffId, staffId))).map((r) => ({ schoolId: r.schoolId, role: r.role }));
  const current = async (id: string) => (await api.db.select().from(staff).where(eq(staff.id, id)))[0];
  /** District 1's batches. */
  const batchCount = async () => (await api.db.select({ n: count() }).from(staffTransfer).where(eq(staffTransfer.districtId, d1)))[0]?.n ?? 0;

  /** Signs in a new staff member whose one role holds `operations`, in the district or an LGEA of it. */
  async function signInWith(operations: string[], organization: { type: "District" | "LGEA"; id: string }, posting: Parameters<typeof hire>[1] = {}) {
    const person = await hire(`Holder Number${hired}`, posting);
    const [created] = await api.db
      .insert(role)
      .values({ districtId: d1, name: `Transfer test role ${hired}`, operations })
      .returning();
    if (!created) throw new Error("role insert failed");
    await api.db
      .insert(roleAccess)
      .values({ staffId: person.id, districtId: d1, organizationType: organization.type, organizationId: organization.id, roleId: created.id });
    return { person, session: await api.login(person.email, demoPasswords.staff) };
  }

  const token = () => admin1.authorizationToken;
  const transfer = (body: unknown, t = token(), path = "/staff/staff-transfer/") => api.call("POST", path, { token: t, body });
  const review = (body: unknown, t = token()) => api.call("POST", "/staff/staff-transfer-review", { token: t, body });
  const list = (query = "", t = token()) => api.call("GET", `/staff/list-staff-transfer${query ? `?${query}` : ""}`, { token: t });
  const detail = (id: string, t = token()) => api.call("GET", `/staff/staff-transfer/${id}`, { token: t });
  const toSchool = (schoolId: string) => ({ kind: "school", schoolId }) as const;
  const valid = (staffIds: string[], destination: StaffTransferInput["destination"], extra: Partial<StaffTransferInput> = {}): StaffTransferInput => ({
    staffIds,
    destination,
    effectiveDate: todayInLagos(),
    reason: "Staffing needs",
    ...extra,
  });

  it("moves staff to a school in one batch: posting, date, version, school roles at the school left ended and recorded, audited, listed and openable", async () => {
    const principal = await hire("Adaora Principal", { schoolId: agege() });
    const clerk = await hire("Bode Clerk", { lgeaId: lgeaNamed("Alimosho LGEA") });
    await giveSchoolRole(principal.id, agege(), "Principal");
    // A role at a school they are not posted at stays: only the roles of the school left end.
    await giveSchoolRole(principal.id, alimosho(), "Exams Officer");
    const effectiveDate = dayFromToday(7);

    const { transferId, ...answer } = await expectOk<StaffTransferred>(
      await transfer(valid([clerk.id, principal.id], toSchool(ifako()), { effectiveDate, reason: "  New term staffing  " })),
      201,
    );
    expect(answer).toEqual({ message: "Staff Transferred Successfully", moved: 2 });

    for (const before of [principal, clerk]) {
      expect(await current(before.id)).toMatchObject({ schoolId: ifako(), lgeaId: null, lastDateOfPosting: effectiveDate, version: before.version + 1 });
    }
    expect(await rolesOf(principal.id)).toEqual([{ schoolId: alimosho(), role: "Exams Officer" }]);
    const rows = await api.db.select().from(staffTransferRow).where(eq(staffTransferRow.transferId, transferId));
    expect(rows.find((r) => r.staffId === principal.id)).toMatchObject({
      districtId: d1,
      fromSchoolId: agege(),
      fromLgeaId: null,
      toSchoolId: ifako(),
      endedRoles: ["Principal"],
    });
    expect(rows.find((r) => r.staffId === clerk.id)).toMatchObject({
      fromSchoolId: null,
      fromLgeaId: lgeaNamed("Alimosho LGEA"),
      toSchoolId: ifako(),
      endedRoles: [],
    });
    const [batch] = await api.db.select().from(staffTransfer).where(eq(staffTransfer.id, transferId));
    expect(batch).toMatchObject({ districtId: d1, effectiveDate, reason: "New term staffing", createdBy: admin1.staff.id });

    const audit = (await auditOf(api, principal.id)).filter((a) => a.operation === "staff.transfer");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorStaffId: admin1.staff.id,
      districtId: d1,
      before: { schoolId: agege(), lgeaId: null, lastDateOfPosting: null },
      after: { schoolId: ifako(), lgeaId: null, lastDateOfPosting: effectiveDate, transferId, endedRoles: ["Principal"] },
    });
    expect(await auditOf(api, clerk.id)).toHaveLength(1);

    const ifakoPosting = { kind: "school", id: ifako(), name: "Ifako Community Primary School" };
    const moves = [
      {
        staffId: clerk.id,
        name: "Bode Clerk",
        from: { kind: "lgea", id: lgeaNamed("Alimosho LGEA"), name: "Alimosho LGEA" },
        to: ifakoPosting,
        endedRoles: [],
      },
      {
        staffId: principal.id,
        name: "Adaora Principal",
        from: { kind: "school", id: agege(), name: "Agege Senior Grammar School" },
        to: ifakoPosting,
        endedRoles: ["Principal"],
      },
    ];
    const listed = await expectOk<StaffTransferList>(await list());
    expect(listed.transfers[0]).toEqual({
      id: transferId,
      effectiveDate,
      reason: "New term staffing",
      createdAt: expect.any(String),
      createdBy: { id: admin1.staff.id, name: "Adaeze Okafor" },
      count: 2,
      firstMoves: moves,
    });
    const opened = await expectOk<StaffTransferDetail>(await detail(transferId));
    expect(opened.transfer).toMatchObject({ id: transferId, count: 2, moves });
  });

  it("ends a class teacher's classes at the school left (named on the review, cleared with a new version); a class elsewhere stays", async () => {
    const teacher = await hire("Kemi Classteacher", { schoolId: ifako() });
    const [left] = await api.db.select().from(schoolClass).where(eq(schoolClass.schoolId, ifako())).limit(1);
    const [elsewhere] = await api.db.select().from(schoolClass).where(eq(schoolClass.schoolId, alimosho())).limit(1);
    if (!left || !elsewhere) throw new Error("the seed has no classes at Ifako or Alimosho");
    await api.db
      .update(schoolClass)
      .set({ classTeacherId: teacher.id })
      .where(inArray(schoolClass.id, [left.id, elsewhere.id]));

    const reviewed = await expectOk<StaffTransferReview>(await review({ staffIds: [teacher.id], destination: toSchool(agege()) }));
    expect(reviewed.staff[0]?.endedRoles).toEqual([`Class teacher of ${left.name}`]);
    await expectOk<StaffTransferred>(await transfer(valid([teacher.id], toSchool(agege()))), 201);
    const after = await api.db
      .select()
      .from(schoolClass)
      .where(inArray(schoolClass.id, [left.id, elsewhere.id]));
    expect(after.find((c) => c.id === left.id)).toMatchObject({ classTeacherId: null, version: left.version + 1 });
    expect(after.find((c) => c.id === elsewhere.id)).toMatchObject({ classTeacherId: teacher.id, version: elsewhere.version });
    const [row] = await api.db.select().from(staffTransferRow).where(eq(staffTransferRow.staffId, teacher.id));
    expect(row?.endedRoles).toEqual([`Class teacher of ${left.name}`]);
  });

  it("reviews a transfer without changing anything, naming the school roles each move would end and who cannot be moved", async () => {
    const vice = await hire("Chika Vice", { schoolId: agege() });
    const settled = await hire("Dayo Settled", { lgeaId: lgeaNamed("Agege LGEA") });
    const office = await hire("Efe Office");
    await giveSchoolRole(vice.id, agege(), "Vice Principal");
    await giveSchoolRole(vice.id, agege(), "Bursar");

    const answer = await expectOk<StaffTransferReview>(
      await review({ staffIds: [vice.id, settled.id, office.id], destination: { kind: "lgea", lgeaId: lgeaNamed("Agege LGEA") } }),
    );
    const agegeOffice = { kind: "lgea", id: lgeaNamed("Agege LGEA"), name: "Agege LGEA" };
    expect(answer).toEqual({
      destination: agegeOffice,
      canTransfer: false,
      staff: [
        { id: office.id, name: "Efe Office", from: { kind: "district", id: null, name: "District office" }, to: agegeOffice, endedRoles: [], problems: [] },
        { id: settled.id, name: "Dayo Settled", from: agegeOffice, to: agegeOffice, endedRoles: [], problems: ["Dayo Settled is already posted there."] },
        {
          id: vice.id,
          name: "Chika Vice",
          from: { kind: "school", id: agege(), name: "Agege Senior Grammar School" },
          to: agegeOffice,
          endedRoles: ["Bursar", "Vice Principal"],
          problems: [],
        },
      ],
    });
    // Read-only: the roles and postings are as they were, and no batch was written.
    expect(await rolesOf(vice.id)).toHaveLength(2);
    expect(await current(vice.id)).toMatchObject({ schoolId: agege(), version: vice.version });
    expect(
      await api.db
        .select()
        .from(staffTransferRow)
        .where(inArray(staffTransferRow.staffId, [vice.id, settled.id, office.id])),
    ).toEqual([]);

    const superAdmin = await staffRow(api, "superadmin@example.org");
    const refused = await expectOk<StaffTransferReview>(await review({ staffIds: [superAdmin.id], destination: toSchool(agege()) }));
    expect(refused).toMatchObject({ canTransfer: false, staff: [{ id: superAdmin.id, problems: [staffMessages.cannotChangeSuperAdmin] }] });
  });

  it("moves staff to an LGEA office and to the district office, also at the path without its trailing slash", async () => {
    const person = await hire("Femi Mover", { schoolId: alimosho() });
    await giveSchoolRole(person.id, alimosho(), "Librarian");
    await expectOk(await transfer(valid([person.id], { kind: "lgea", lgeaId: lgeaNamed("Ifako-Ijaiye LGEA") }), token(), "/staff/staff-transfer"), 201);
    expect(await current(person.id)).toMatchObject({ schoolId: null, lgeaId: lgeaNamed("Ifako-Ijaiye LGEA"), lastDateOfPosting: todayInLagos() });
    expect(await rolesOf(person.id)).toEqual([]);

    await expectOk(await transfer(valid([person.id], { kind: "district" })), 201);
    expect(await current(person.id)).toMatchObject({ schoolId: null, lgeaId: null, version: person.version + 2 });
    const moves = await api.db.select().from(staffTransferRow).where(eq(staffTransferRow.staffId, person.id));
    expect(moves.map((r) => [r.fromLgeaId, r.toLgeaId, r.endedRoles])).toEqual(
      expect.arrayContaining([
        [null, lgeaNamed("Ifako-Ijaiye LGEA"), ["Librarian"]],
        [lgeaNamed("Ifako-Ijaiye LGEA"), null, []],
      ]),
    );
  });

  it("checks the form with its messages", async () => {
    const person = await hire("Gbenga Form", { schoolId: agege() });
    const issuesOf = async (body: unknown) => (await expectError(await transfer(body), 400, formInvalidMessage)).issues;
    expect(await issuesOf({ ...valid([], toSchool(ifako())) })).toEqual([{ path: "staffIds", message: m.selectionEmpty }]);
    expect(await issuesOf({ ...valid([person.id, person.id.toUpperCase()], toSchool(ifako())) })).toEqual([{ path: "staffIds", message: m.selectionRepeats }]);
    const tooMany = Array.from({ length: MAX_STAFF_PER_TRANSFER + 1 }, () => randomId());
    expect(await issuesOf(valid(tooMany, toSchool(ifako())))).toEqual([{ path: "staffIds", message: "Transfer at most 1000 staff members at a time." }]);
    expect(await issuesOf(valid(["not-an-id"], toSchool(ifako())))).toEqual([{ path: "staffIds.0", message: m.staffInvalid }]);
    expect(await issuesOf(valid([person.id], toSchool(ifako()), { effectiveDate: dayFromToday(-1) }))).toEqual([
      { path: "effectiveDate", message: "The transfer cannot take effect before today." },
    ]);
    expect(await issuesOf(valid([person.id], toSchool(ifako()), { effectiveDate: "2031-02-30" }))).toEqual([
      { path: "effectiveDate", message: "Enter the date as day/month/year, e.g. 14/05/1972." },
    ]);
    expect(await issuesOf(valid([person.id], toSchool(ifako()), { effectiveDate: "next week" }))).toEqual([
      { path: "effectiveDate", message: "Enter the date as day/month/year, e.g. 14/05/1972." },
    ]);
    expect(await issuesOf({ staffIds: [person.id], destination: { kind: "school" }, effectiveDate: "", reason: "   " })).toEqual([
      { path: "destination.schoolId", message: m.schoolRequired },
      { path: "effectiveDate", message: m.dateRequired },
      { path: "reason", message: m.reasonRequired },
    ]);
    expect(await issuesOf(valid([person.id], { kind: "elsewhere" } as never))).toEqual([{ path: "destination.kind", message: m.destinationRequired }]);
    expect(await issuesOf(valid([person.id], toSchool(ifako()), { reason: "x".repeat(501) }))).toEqual([
      { path: "reason", message: "At most 500 characters." },
    ]);
    expect(await current(person.id)).toMatchObject({ schoolId: agege(), version: person.version });
  });

  it("refuses, saving nothing, when anyone is already posted at the destination, naming them", async () => {
    const stays = await hire("Hauwa Stays", { schoolId: ifako() });
    const alsoStays = await hire("Ike Alsostays", { schoolId: ifako() });
    const would = await hire("Jide Would", { schoolId: agege() });
    const batches = await batchCount();
    const body = await expectError(
      await transfer(valid([would.id, stays.id, alsoStays.id], toSchool(ifako()))),
      400,
      "Ike Alsostays and Hauwa Stays are already posted there.",
    );
    expect(body.issues).toEqual([
      { path: "staffIds.2", message: "Ike Alsostays is already posted there." },
      { path: "staffIds.1", message: "Hauwa Stays is already posted there." },
    ]);
    await expectError(await transfer(valid([stays.id], toSchool(ifako()))), 400, "Hauwa Stays is already posted there.");
    expect(await current(would.id)).toMatchObject({ schoolId: agege(), version: would.version });
    expect(await batchCount()).toBe(batches);
  });

  it("answers 404, saving nothing, for another district's staff, school or LGEA office, and an unknown id", async () => {
    const mine = await hire("Kemi Mine", { schoolId: agege() });
    const theirs = await staffRow(api, "zainab.umar@example.org");
    const batches = await batchCount();
    await expectError(await transfer(valid([mine.id, theirs.id], toSchool(ifako()))), 404, authMessages.notFound);
    await expectError(await transfer(valid([mine.id, randomId()], toSchool(ifako()))), 404, authMessages.notFound);
    await expectError(await transfer(valid([mine.id], toSchool(otherSchool))), 404, authMessages.notFound);
    await expectError(await transfer(valid([mine.id], { kind: "lgea", lgeaId: otherLgea })), 404, authMessages.notFound);
    await expectError(await review({ staffIds: [theirs.id], destination: { kind: "district" } }), 404, authMessages.notFound);
    await expectError(await review({ staffIds: [mine.id], destination: toSchool(otherSchool) }), 404, authMessages.notFound);
    expect(await current(mine.id)).toMatchObject({ schoolId: agege(), version: mine.version });
    expect(await current(theirs.id)).toMatchObject({ schoolId: theirs.schoolId, version: theirs.version });
    expect(await batchCount()).toBe(batches);
    // District 2 moves its own staff member, and district 1 does not see that batch.
    const { transferId } = await expectOk<StaffTransferred>(await transfer(valid([theirs.id], { kind: "district" }), admin2.authorizationToken), 201);
    await expectError(await detail(transferId), 404, authMessages.notFound);
    expect((await expectOk<StaffTransferList>(await list("limit=100"))).transfers.map((t) => t.id)).not.toContain(transferId);
    await expectError(await list(`school=${otherSchool}`), 404, authMessages.notFound);
  });

  it("answers 403 to staff without staff.transfer, and lists transfers to those with staff.view", async () => {
    const person = await hire("Lola Untouched", { schoolId: agege() });
    const body = valid([person.id], toSchool(ifako()));
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    const recordsOfficer = await api.login("tunde.bakare@example.org", demoPasswords.staff);
    expect(recordsOfficer.permissions).toContain("staff.view");
    expect(recordsOfficer.permissions).not.toContain("staff.transfer");
    for (const session of [teacher, recordsOfficer]) {
      await expectError(await transfer(body, session.authorizationToken), 403, authMessages.forbidden);
      await expectError(await review(body, session.authorizationToken), 403, authMessages.forbidden);
    }
    await expectError(await list("", teacher.authorizationToken), 403, authMessages.forbidden);
    await expectOk<StaffTransferList>(await list("", recordsOfficer.authorizationToken));
    expect(await current(person.id)).toMatchObject({ schoolId: agege(), version: person.version });
  });

  it("moves no one the caller may not change: a super administrator, or the district's owner for anyone else", async () => {
    const superAdmin = await staffRow(api, "superadmin@example.org");
    const person = await hire("Musa Bystander", { schoolId: agege() });
    const batches = await batchCount();
    await expectError(await transfer(valid([person.id, superAdmin.id], toSchool(ifako()))), 403, staffMessages.cannotChangeSuperAdmin);
    const { session } = await signInWith(["staff.view", "staff.transfer"], { type: "District", id: d1 });
    await expectError(await transfer(valid([admin1.staff.id], toSchool(ifako())), session.authorizationToken), 403, staffMessages.cannotChangeOwner);
    expect(await current(person.id)).toMatchObject({ schoolId: agege(), version: person.version });
    expect(await batchCount()).toBe(batches);
    // The officer moves staff who hold nothing they do not hold.
    await expectOk(await transfer(valid([person.id], toSchool(ifako())), session.authorizationToken), 201);
  });

  it("lists batches newest first, by effective date and by school, a page at a time", async () => {
    const [created] = await api.db
      .insert(school)
      .values({ districtId: d1, lgeaId: lgeaNamed("Agege LGEA"), name: "Transfer Filter School", localGovernment: "Agege", category: "Primary" })
      .returning();
    const filterSchool = created?.id ?? "";
    const [a, b, c] = [await hire("Ngozi First", { schoolId: agege() }), await hire("Obi Second", { schoolId: filterSchool }), await hire("Pat Third")];
    const move = async (id: string, to: StaffTransferInput["destination"], effectiveDate: string) =>
      (await expectOk<StaffTransferred>(await transfer(valid([id], to, { effectiveDate })), 201)).transferId;
    const first = await move(a.id, toSchool(filterSchool), "2098-03-01");
    const second = await move(b.id, { kind: "district" }, "2098-03-15");
    const third = await move(c.id, toSchool(alimosho()), "2098-04-01");

    const ids = async (query: string) => (await expectOk<StaffTransferList>(await list(query))).transfers.map((t) => t.id);
    expect(await ids("startDate=2098-03-01&endDate=2098-04-01")).toEqual([third, second, first]);
    expect(await ids("startDate=2098-03-02&endDate=2098-03-31")).toEqual([second]);
    expect(await ids("startDate=2098-03-15&endDate=2098-03-15")).toEqual([second]);
    expect(await ids(`school=${filterSchool}`)).toEqual([second, first]);
    expect(await ids(`school=${filterSchool}&endDate=2098-03-10`)).toEqual([first]);

    const page = await expectOk<StaffTransferList>(await list("startDate=2098-03-01&endDate=2098-04-01&limit=2&page=2"));
    expect(page).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(page.transfers.map((t) => t.id)).toEqual([first]);
    const all = await expectOk<StaffTransferList>(await list());
    expect(all).toMatchObject({ page: 1, limit: 20, total: await batchCount() });

    const bad = await expectError(await list("startDate=2098-04-01&endDate=2098-03-01&limit=101"), 400, formInvalidMessage);
    expect(bad.issues).toEqual([
      { path: "limit", message: m.limitRange },
      { path: "endDate", message: m.startAfterEnd },
    ]);
    await expectError(await list(`school=${randomId()}`), 404, authMessages.notFound);
  });

  it("keeps staff working for an LGEA to its schools and office: their moves, the batches they see and the moves in them", async () => {
    const agegeLgea = lgeaNamed("Agege LGEA");
    const { session } = await signInWith(["staff.view", "staff.transfer"], { type: "LGEA", id: agegeLgea }, { lgeaId: agegeLgea });
    expect(session.currentOrganization).toMatchObject({ id: agegeLgea, type: "LGEA" });
    const t = session.authorizationToken;
    const inside = await hire("Qudus Inside", { schoolId: agege() });
    const outside = await hire("Rita Outside", { schoolId: alimosho() });

    await expectError(await transfer(valid([inside.id], toSchool(alimosho())), t), 404, authMessages.notFound);
    await expectError(await transfer(valid([outside.id], { kind: "lgea", lgeaId: agegeLgea }), t), 404, authMessages.notFound);
    await expectError(await transfer(valid([inside.id], { kind: "district" }), t), 403, m.districtOfficeOutOfReach);
    const own = (await expectOk<StaffTransferred>(await transfer(valid([inside.id], { kind: "lgea", lgeaId: agegeLgea }), t), 201)).transferId;

    // A batch of the district that moved one person out of Agege and one between other LGEAs: the LGEA sees the first move only.
    const mixed = (await expectOk<StaffTransferred>(await transfer(valid([inside.id, outside.id], toSchool(ifako()))), 201)).transferId;
    const elsewhere = (await expectOk<StaffTransferred>(await transfer(valid([outside.id], { kind: "district" })), 201)).transferId;
    const seen = await expectOk<StaffTransferList>(await list("limit=100", t));
    expect(seen.transfers.map((b) => b.id)).toEqual(expect.arrayContaining([own, mixed]));
    expect(seen.transfers.map((b) => b.id)).not.toContain(elsewhere);
    expect(seen.transfers.find((b) => b.id === mixed)).toMatchObject({
      count: 1,
      firstMoves: [{ staffId: inside.id, to: { name: "Ifako Community Primary School" } }],
    });
    await expectError(await detail(elsewhere, t), 404, authMessages.notFound);
    expect((await expectOk<StaffTransferDetail>(await detail(mixed))).transfer.count).toBe(2);
    await expectError(await list(`school=${alimosho()}`, t), 404, authMessages.notFound);
  });

  it("lets one of two concurrent transfers of the same person win; the other reads the new posting", async () => {
    const contested = await hire("Sade Contested", { schoolId: agege() });
    const answers = await Promise.all([transfer(valid([contested.id], toSchool(ifako()))), transfer(valid([contested.id], toSchool(ifako())))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(await current(contested.id)).toMatchObject({ schoolId: ifako(), version: contested.version + 1 });
    expect(await api.db.select().from(staffTransferRow).where(eq(staffTransferRow.staffId, contested.id))).toHaveLength(1);

    // Overlapping selections in opposite orders are locked in one order, so neither waits on the other forever.
    const [u, v] = [await hire("Tayo Overlap", { schoolId: agege() }), await hire("Uche Overlap", { schoolId: agege() })];
    const crossed = await Promise.all([transfer(valid([u.id, v.id], toSchool(ifako()))), transfer(valid([v.id, u.id], toSchool(alimosho())))]);
    expect(crossed.map((a) => a.status)).toEqual([201, 201]);
    const [nowU, nowV] = [await current(u.id), await current(v.id)];
    expect(nowU?.schoolId).toBe(nowV?.schoolId);
    expect(nowU?.version).toBe(u.version + 2);
  });

  // Thousands of rows: 11 s in a full run on a slow machine, so 90 s instead of the default 30.
  it("moves the largest selection in one batch", async () => {
    const many = await api.db
      .insert(staff)
      .values(
        Array.from({ length: MAX_STAFF_PER_TRANSFER }, (_, i) => ({
          districtId: d1,
          schoolId: alimosho(),
          firstName: "Bulk",
          lastName: `Mover${i}`,
          email: `bulk.mover.${i}@example.org`,
          phoneNumber: `80800${String(i).padStart(5, "0")}`,
        })),
      )
      .returning({ id: staff.id });
    const { moved } = await expectOk<StaffTransferred>(
      await transfer(
        valid(
          many.map((p) => p.id),
          toSchool(ifako()),
        ),
      ),
      201,
    );
    expect(moved).toBe(MAX_STAFF_PER_TRANSFER);
    const [left] = await api.db
      .select({ n: count() })
      .from(staff)
      .where(and(eq(staff.schoolId, alimosho()), eq(staff.firstName, "Bulk")));
    expect(left?.n).toBe(0);
  }, 90_000);
});
