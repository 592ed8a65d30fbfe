import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingMessages, type IssuedApiKey } from "../../../lib/contract/billing";
import type { AuthResult } from "../../../lib/contract/user";
import { districtConfiguration, ledgerEntry, reportCardCharge, wallet } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk, present } from "../../test/helpers";
import { billing, chargeAs, fund, schoolWithPupils } from "./test-fixtures";

/**
 * Issue 35, finding 7: a charge names its session, and any text of the form 9999/9999 was taken, so a leaked
 * service key (or a staff member) could charge every pupil again under sessions that never were. Only a session
 * the district's configuration knows is charged.
 */
describe("report-card charges under a session the district does not know", () => {
  let api: TestApi;
  let superAdmin: AuthResult;
  let admin1: AuthResult;
  let d1: string;
  let issued: IssuedApiKey;
  let current: string;
  let n = 0;

  const balanceOf = async () => (await api.db.select().from(wallet).where(eq(wallet.districtId, d1)))[0]?.balance ?? 0;
  const chargesOf = (schoolId: string) => api.db.select().from(reportCardCharge).where(eq(reportCardCharge.schoolId, schoolId));
  const serviceCharge = (body: Record<string, string>) => billing(api, "/service/report-card-charge", { method: "POST", key: issued.key, body });
  const shifted = (session: string, years: number) => {
    const first = Number(session.slice(0, 4)) + years;
    return `${first}/${first + 1}`;
  };

  beforeAll(async () => {
    api = await createTestApi();
    [superAdmin, admin1] = await Promise.all([api.loginSuperAdmin(), api.loginAdmin(1)]);
    d1 = admin1.staff.district.id;
    issued = await expectOk<IssuedApiKey>(
      await billing(api, "/api-clients", { method: "POST", token: superAdmin.authorizationToken, body: { districtId: d1, name: "Results System" } }),
      201,
    );
    const [config] = await api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, d1));
    current = present(config).academicSession;
  });
  afterAll(() => api.close());

  it("refuses an invented session by API key and by staff with a clear 400, and charges nothing", async () => {
    const sch = await schoolWithPupils(api, d1, 4);
    await fund(api, d1, 10_000_000);
    const before = await balanceOf();
    for (const session of ["1901/1902", shifted(current, 1), shifted(current, 12)]) {
      const byKey = await serviceCharge({ schoolId: sch.id, academicSession: session, term: "First Term", idempotencyKey: `invented-${++n}` });
      const text = await byKey.text();
      expect(byKey.status, text).toBe(400);
      expect(JSON.parse(text)).toMatchObject({ issues: [{ path: "academicSession" }] });
      expect(JSON.parse(text).message).toContain(current);
      const byStaff = await chargeAs(api, admin1.authorizationToken, { schoolId: sch.id, academicSession: session, term: "Second Term" });
      expect(byStaff.status, await byStaff.text()).toBe(400);
    }
    expect(await balanceOf()).toBe(before);
    expect(await chargesOf(sch.id)).toEqual([]);
    expect(await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.schoolId, sch.id))).toEqual([]);
  });

  it("still charges the district's current session", async () => {
    const sch = await schoolWithPupils(api, d1, 2);
    await fund(api, d1, 1_000_000);
    const charged = await serviceCharge({ schoolId: sch.id, academicSession: current, term: "First Term", idempotencyKey: `current-${++n}` });
    expect(charged.status, await charged.text()).toBe(201);
    expect(await chargesOf(sch.id)).toHaveLength(2);
  });

  it("charges the previous session only until the current session's first term starts", async () => {
    const [config] = await api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, d1));
    const { terms } = present(config);
    const previous = shifted(current, -1);
    const sch = await schoolWithPupils(api, d1, 3);
    await fund(api, d1, 1_000_000);
    const order = () => ({ schoolId: sch.id, academicSession: previous, term: "Third Term", idempotencyKey: `previous-${++n}` });
    try {
      // The first term starts after today (as between moving to the new session and its first day): the window is open.
      const later = terms.map((t) => ({ ...t, startDate: "2999-01-01", endDate: "2999-01-02" }));
      await api.db.update(districtConfiguration).set({ terms: later }).where(eq(districtConfiguration.districtId, d1));
      const charged = await serviceCharge(order());
      expect(charged.status, await charged.text()).toBe(201);
      expect(await chargesOf(sch.id)).toHaveLength(3);
      // Once it has started, the previous session is closed.
      const started = terms.map((t) => ({ ...t, startDate: "2000-01-01" }));
      await api.db.update(districtConfiguration).set({ terms: started }).where(eq(districtConfiguration.districtId, d1));
      const closed = await serviceCharge({ ...order(), term: "Second Term" });
      const text = await closed.text();
      expect(closed.status, text).toBe(400);
      expect(JSON.parse(text).message).toBe(billingMessages.sessionNotChargeable(current, null));
      expect(await chargesOf(sch.id)).toHaveLength(3);
    } finally {
      await api.db.update(districtConfiguration).set({ terms }).where(eq(districtConfiguration.districtId, d1));
    }
  });
});
