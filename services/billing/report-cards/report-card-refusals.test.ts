import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingMessages, formatNaira, type ReportCardChargeResult } from "../../../lib/contract/billing";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, role, roleAccess } from "../../db/schema";
import { expectError, expectOk, present } from "../../test/helpers";
import { PRICE, reportCardTest, SESSION } from "./report-card-test-support";
import { billing, chargeAs, fund, schoolWithPupils } from "./test-fixtures";

describe("report-card charges refused: another district's school, a short balance, no permission, bad input", () => {
  const { w, balanceOf, entriesOf, chargedRows, quote } = reportCardTest();

  it("hides another district's school (404) and writes nothing", async () => {
    const other = await schoolWithPupils(w.api, w.d2, 3);
    const before = await entriesOf(w.d2);
    await expectError(await quote(w.admin1.authorizationToken, { schoolId: other.id }), 404, authMessages.notFound);
    await expectError(
      await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: other.id, academicSession: SESSION, term: "First Term" }),
      404,
      authMessages.notFound,
    );
    await expectError(await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: crypto.randomUUID() }), 404, authMessages.notFound);
    expect(await entriesOf(w.d2)).toEqual(before);
    expect(await chargedRows(other.id)).toEqual([]);
  });

  it("refuses a charge the balance does not cover (402, the exact amounts) and writes nothing", async () => {
    const balance = await balanceOf(w.d1);
    const pupils = Math.floor(balance / PRICE) + 1;
    const sch = await schoolWithPupils(w.api, w.d1, pupils);
    const entries = await entriesOf(w.d1);
    const audits = await w.api.db.select().from(auditLog).where(eq(auditLog.districtId, w.d1));
    const refused = await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" });
    const body = await expectError(refused, 402, billingMessages.insufficientBalance(pupils * PRICE, balance));
    expect(body.code).toBe("insufficient_funds");
    expect(body.message).toBe(`Insufficient wallet balance: the charge is ${formatNaira(pupils * PRICE)} and the wallet holds ${formatNaira(balance)}.`);
    expect(await balanceOf(w.d1)).toBe(balance);
    expect(await entriesOf(w.d1)).toEqual(entries);
    expect(await chargedRows(sch.id)).toEqual([]);
    expect(await w.api.db.select().from(auditLog).where(eq(auditLog.districtId, w.d1))).toHaveLength(audits.length);
    // Funded enough, the same charge goes through.
    await fund(w.api, w.d1, PRICE);
    expect((await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" })).status).toBe(201);
    expect(await balanceOf(w.d1)).toBe(balance + PRICE - pupils * PRICE);
  });

  it("needs wallet.charge: 403 without it, admitted with exactly it", async () => {
    const teacher = await w.api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    const sch = await schoolWithPupils(w.api, w.d1, 1);
    await expectError(await quote(teacher.authorizationToken, { schoolId: sch.id }), 403, authMessages.forbidden);
    await expectError(
      await chargeAs(w.api, teacher.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }),
      403,
      authMessages.forbidden,
    );
    const [granted] = await w.api.db
      .insert(role)
      .values({ districtId: w.d1, name: "Report-card buyer", operations: ["wallet.charge"] })
      .returning();
    await w.api.db
      .insert(roleAccess)
      .values({ staffId: teacher.staff.id, districtId: w.d1, organizationType: "District", organizationId: w.d1, roleId: present(granted).id });
    await fund(w.api, w.d1, PRICE);
    expect((await quote(teacher.authorizationToken, { schoolId: sch.id })).status).toBe(200);
    const charged = await expectOk<ReportCardChargeResult>(
      await chargeAs(w.api, teacher.authorizationToken, { schoolId: sch.id, academicSession: SESSION, term: "First Term" }),
      201,
    );
    expect(charged.entry?.by).toBe(`${teacher.staff.firstName} ${teacher.staff.lastName}`);
    // Others' operations do not stand in for it.
    await w.api.db
      .update(role)
      .set({ operations: ["wallet.view", "wallet.fund", "transaction.view"] })
      .where(eq(role.id, present(granted).id));
    await expectError(await chargeAs(w.api, teacher.authorizationToken, { schoolId: sch.id }), 403, authMessages.forbidden);
  });

  it("refuses bad input with the contract's messages", async () => {
    const sch = await schoolWithPupils(w.api, w.d1, 1);
    const bad = async (body: unknown, message: string) => {
      const response = await billing(w.api, "/wallet/report-card-charge", { method: "POST", token: w.admin1.authorizationToken, body });
      const answer = await expectError(response, 400, formInvalidMessage);
      expect(answer.issues?.map((i) => i.message)).toContain(message);
    };
    await bad({}, "Not a valid id.");
    await bad({ schoolId: sch.id, academicSession: "2026-2027" }, billingMessages.sessionFormat);
    await bad({ schoolId: sch.id, academicSession: "2026/2027", term: "Fourth Term" }, billingMessages.termRequired);
    expect(await chargedRows(sch.id)).toEqual([]);
  });
});
