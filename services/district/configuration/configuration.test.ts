import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurationMessages as m, type DistrictConfiguration } from "../../../lib/contract/configuration";
import { authMessages, formInvalidMessage, successNotices } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, districtConfiguration, lgea } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present, staffRow } from "../../test/helpers";

type One = { configuration: DistrictConfiguration };
type Updated = One & { message: string };

/** A valid body for the session that starts in September of `first`, at `version`. */
function bodyFor(first: number, version: number) {
  return {
    academicSession: `${first}/${first + 1}`,
    terms: [
      { name: "First Term", startDate: `${first}-09-08`, endDate: `${first}-12-15` },
      { name: "Second Term", startDate: `${first + 1}-01-05`, endDate: `${first + 1}-04-02` },
      { name: "Third Term", startDate: `${first + 1}-04-20`, endDate: `${first + 1}-07-20` },
    ],
    reportCardPrice: 75_050,
    admissionNumberPattern: "LAG-{YY}-{SEQ:4}",
    lowBalanceThreshold: 1_000_000,
    pupilTeacherThreshold: 35,
    version,
  };
}

describe("district configuration", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;
  let d2: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
    d2 = admin2.staff.district.id;
  });
  afterAll(() => api.close());

  const read = (token: string) => api.call("GET", "/district-configuration/get", { token });
  const update = (token: string, body: unknown) => api.call("PATCH", "/district-configuration/update", { token, body });
  const current = async (token = admin1.authorizationToken) => (await expectOk<One>(await read(token))).configuration;
  const rowOf = async (districtId: string) =>
    present((await api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, districtId)))[0], "configuration row");
  /** The first year of the session the district's configuration holds now. */
  const firstYear = (c: DistrictConfiguration) => Number(c.academicSession.slice(0, 4));

  it("reads the district's configuration, seeded with the defaults", async () => {
    const configuration = await current();
    expect(configuration).toMatchObject({
      districtId: d1,
      academicSession: expect.stringMatching(/^\d{4}\/\d{4}$/),
      reportCardPrice: 50_000,
      admissionNumberPattern: "ADM/{YYYY}/{SEQ:5}",
      lowBalanceThreshold: 500_000,
      pupilTeacherThreshold: 40,
    });
    expect(configuration.terms.map((t) => t.name)).toEqual(["First Term", "Second Term", "Third Term"]);
    expect((await current(admin2.authorizationToken)).districtId).toBe(d2);
  });

  it("updates with the version: the database holds the new values and version + 1, audited; other districts are untouched", async () => {
    const before = await current();
    const theirs = await rowOf(d2);
    const body = bodyFor(firstYear(before) + 1, before.version);
    const answer = await expectOk<Updated>(await update(admin1.authorizationToken, { ...body, admissionNumberPattern: "  LAG-{YY}-{SEQ:4} " }));
    expect(answer.message).toBe(successNotices.configurationsUpdated);
    const { version: _sent, ...values } = body;
    expect(answer.configuration).toEqual({ ...values, districtId: d1, version: before.version + 1 });

    expect(await rowOf(d1)).toMatchObject({ ...values, version: before.version + 1 });
    expect(await current()).toEqual(answer.configuration);
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.districtId, d1), eq(auditLog.operation, "configuration.update")))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry).toMatchObject({
      actorStaffId: admin1.staff.id,
      recordId: d1,
      before: { academicSession: before.academicSession, reportCardPrice: before.reportCardPrice, pupilTeacherThreshold: 40, version: before.version },
      after: { ...values, version: before.version + 1 },
    });
    expect(await rowOf(d2)).toEqual(theirs);
  });

  it("answers 409 to a stale version and keeps the newer values", async () => {
    const now = await current();
    const stale = bodyFor(firstYear(now), now.version - 1);
    await expectError(await update(admin1.authorizationToken, { ...stale, reportCardPrice: 1 }), 409, m.staleVersion);
    await expectError(await update(admin1.authorizationToken, { ...stale, version: now.version + 5 }), 409, m.staleVersion);
    expect(await current()).toEqual(now);
  });

  describe("refuses each bad input with its message on its field", () => {
    let valid: ReturnType<typeof bodyFor>;
    let first: number;
    beforeAll(async () => {
      const now = await current();
      first = firstYear(now);
      valid = bodyFor(first, now.version);
    });

    const terms = (change: (t: ReturnType<typeof bodyFor>["terms"]) => void) => {
      const copy = valid.terms.map((t) => ({ ...t }));
      change(copy);
      return copy;
    };
    const issuesOf = async (body: unknown) => (await expectError(await update(admin1.authorizationToken, body), 400, formInvalidMessage)).issues;

    it("terms that overlap, end before they start, or leave the session", async () => {
      const overlapping = terms((t) => {
        present(t[1]).startDate = `${first}-12-10`;
      });
      expect(await issuesOf({ ...valid, terms: overlapping })).toEqual([{ path: "terms.1.startDate", message: m.termOverlap }]);

      const backwards = terms((t) => {
        present(t[0]).endDate = `${first}-09-01`;
      });
      expect(await issuesOf({ ...valid, terms: backwards })).toEqual([{ path: "terms.0.endDate", message: m.termOrder }]);

      const early = terms((t) => {
        present(t[0]).startDate = `${first}-08-31`;
      });
      expect(await issuesOf({ ...valid, terms: early })).toEqual([{ path: "terms.0.startDate", message: m.termOutsideSession }]);
      const late = terms((t) => {
        present(t[2]).endDate = `${first + 1}-09-01`;
      });
      expect(await issuesOf({ ...valid, terms: late })).toEqual([{ path: "terms.2.endDate", message: m.termOutsideSession }]);

      const notADay = terms((t) => {
        present(t[1]).endDate = `${first + 1}-02-30`;
      });
      expect(await issuesOf({ ...valid, terms: notADay })).toEqual([{ path: "terms.1.endDate", message: m.termDate }]);
      expect(await issuesOf({ ...valid, terms: valid.terms.slice(0, 2) })).toEqual([{ path: "terms", message: m.termsRequired }]);
    });

    it("a session that is not two consecutive years", async () => {
      for (const academicSession of ["2026-2027", "2026/2028", "26/27", ""])
        expect(await issuesOf({ ...valid, academicSession }), academicSession).toEqual([{ path: "academicSession", message: m.sessionFormat }]);
    });

    it("a negative, fractional, missing or absurd price or threshold", async () => {
      for (const reportCardPrice of [-1, 10.5, 10_000_001, 1e20, "500", null])
        expect(await issuesOf({ ...valid, reportCardPrice }), String(reportCardPrice)).toEqual([{ path: "reportCardPrice", message: m.priceRange }]);
      for (const lowBalanceThreshold of [-100, 100_000_000_001, "lots"])
        expect(await issuesOf({ ...valid, lowBalanceThreshold }), String(lowBalanceThreshold)).toEqual([
          { path: "lowBalanceThreshold", message: m.thresholdRange },
        ]);
    });

    it("a pupil–teacher threshold that is not a whole number from 10 to 100, or is missing", async () => {
      for (const pupilTeacherThreshold of [9, 101, 0, -40, 40.5, "40", null])
        expect(await issuesOf({ ...valid, pupilTeacherThreshold }), String(pupilTeacherThreshold)).toEqual([
          { path: "pupilTeacherThreshold", message: m.pupilTeacherRange },
        ]);
      const { pupilTeacherThreshold: _left, ...without } = valid;
      expect(await issuesOf(without)).toEqual([{ path: "pupilTeacherThreshold", message: m.pupilTeacherRange }]);
    });

    it("a pattern without {SEQ:n} exactly once or without the year, or with other characters or tokens", async () => {
      for (const admissionNumberPattern of ["ADM/{YYYY}", "{SEQ:3}-{SEQ:3}"])
        expect(await issuesOf({ ...valid, admissionNumberPattern }), admissionNumberPattern).toEqual([
          { path: "admissionNumberPattern", message: m.patternSequence },
        ]);
      for (const admissionNumberPattern of ["ADM {SEQ:4}", "ADM/{YEAR}/{SEQ:4}", "ADM/{SEQ:0}", "<b>{SEQ:4}", "", `${"A".repeat(40)}{SEQ:4}`])
        expect(await issuesOf({ ...valid, admissionNumberPattern }), admissionNumberPattern).toEqual([
          { path: "admissionNumberPattern", message: m.patternFormat },
        ]);
      // Without the year, the sequence (which starts again every year) would repeat numbers.
      expect(await issuesOf({ ...valid, admissionNumberPattern: "ADM/{SEQ:5}" })).toEqual([{ path: "admissionNumberPattern", message: m.patternYear }]);
    });

    it("and changes nothing", async () => {
      expect((await current()).version).toBe(valid.version);
    });
  });

  it("needs configuration.view to read and configuration.update to change", async () => {
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await read(teacher.authorizationToken), 403, authMessages.forbidden);
    const now = await current();
    await expectError(await update(teacher.authorizationToken, bodyFor(firstYear(now), now.version)), 403, authMessages.forbidden);

    // A role with the view alone reads, and still may not change.
    const reader = await grantAt("babatunde.adeyemi@example.org", ["configuration.view"], d1);
    expect(await current(reader)).toEqual(now);
    await expectError(await update(reader, bodyFor(firstYear(now), now.version)), 403, authMessages.forbidden);
    expect(await current()).toEqual(now);
  });

  it("lets staff working in an LGEA read the district's configuration but not change it, whatever their role holds", async () => {
    const [alimosho] = await api.db
      .select()
      .from(lgea)
      .where(and(eq(lgea.districtId, d1), eq(lgea.localGovernment, "Alimosho")));
    const token = await grantAt("funmilayo.ogunleye@example.org", ["configuration.view", "configuration.update"], present(alimosho).id);
    const now = await current();
    expect(await current(token)).toEqual(now);
    await expectError(await update(token, bodyFor(firstYear(now), now.version)), 403, authMessages.forbidden);
    expect(await current()).toEqual(now);
  });

  it("works on the district of a super administrator's token", async () => {
    const superAdmin = await api.loginSuperAdmin();
    const theirs = superAdmin.staff.district.id;
    const seen = await current(superAdmin.authorizationToken);
    expect(seen.districtId).toBe(theirs);
    const others = await Promise.all([d1, d2].filter((d) => d !== theirs).map(rowOf));
    const changed = await expectOk<Updated>(
      await update(superAdmin.authorizationToken, { ...bodyFor(firstYear(seen), seen.version), admissionNumberPattern: "SA/{YYYY}/{SEQ:6}" }),
    );
    expect(changed.configuration).toMatchObject({ districtId: theirs, admissionNumberPattern: "SA/{YYYY}/{SEQ:6}", version: seen.version + 1 });
    expect(await rowOf(theirs)).toMatchObject({ admissionNumberPattern: "SA/{YYYY}/{SEQ:6}" });
    for (const other of others) expect(await rowOf(other.districtId)).toEqual(other);
  });

  /** A role of district 1 with `operations`, given to a teacher at `organizationId`, and their token while working there. */
  async function grantAt(email: string, operations: string[], organizationId: string): Promise<string> {
    const admin = admin1.authorizationToken;
    const person = await staffRow(api, email);
    const created = await expectOk<{ role: { id: string } }>(
      await api.call("POST", "/role/add", { token: admin, body: { name: `Configuration ${operations.length} ${email}`, operations } }),
      201,
    );
    const { roleAccessId } = await expectOk<{ roleAccessId: string }>(
      await api.call("POST", "/role/assign", { token: admin, body: { staffId: person.id, roleId: created.role.id, organizationId } }),
      201,
    );
    const signedIn = await api.login(email, demoPasswords.staff);
    const switched = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${roleAccessId}`, { token: signedIn.authorizationToken }));
    expect(switched.currentOrganization.id).toBe(organizationId);
    return switched.authorizationToken;
  }
});
