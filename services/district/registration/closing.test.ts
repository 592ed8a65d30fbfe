import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formInvalidMessage } from "../../../lib/contract/messages";
import { runHousekeeping } from "../../housekeeping/housekeeping";
import { auditLog, districtRegistration, outbox } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";
import { registrationCalls, validRegistration } from "./test-support";

/**
 * Issue 35, finding 1: a registration holds its unique values only while it is under review. A rejected
 * (with a reason mailed to the applicant), withdrawn or abandoned registration frees its district's name,
 * the e-mail, the username, the phone and the staff numbers; the trail records what happened without them.
 */
describe("a closed registration frees every unique value it held", () => {
  let api: TestApi;
  let calls: ReturnType<typeof registrationCalls>;
  let superToken: string;
  beforeAll(async () => {
    api = await createTestApi({ REGISTRATION_LIMIT_PER_IP: 1000, REGISTRATION_LIMIT_PER_EMAIL: 1000, ...{ REGISTRATION_ABANDON_DAYS: 30 } });
    calls = registrationCalls(api, "10.9.7.1");
    superToken = (await api.loginSuperAdmin()).authorizationToken;
  });
  afterAll(() => api.close());

  /** The same registration again, under a new verification: accepted, and approved with its values. */
  const registersAgain = async (input: ReturnType<typeof validRegistration>) => {
    const again = await calls.register(structuredClone(input));
    const districtId = again.result.staff.district.id;
    await expectOk(await api.call("POST", `/super-admin/registrations/${districtId}/approve`, { token: superToken }));
    return again;
  };

  it("squats a name and a teacher's numbers; rejected with a reason, the applicant is told and both are free again", async () => {
    const { input, result } = await calls.register();
    const districtId = result.staff.district.id;
    await expectError(
      await api.call("POST", `/super-admin/registrations/${districtId}/reject`, { token: superToken, body: { reason: "" } }),
      400,
      formInvalidMessage,
    );
    const rejected = await expectOk<{ message: string }>(
      await api.call("POST", `/super-admin/registrations/${districtId}/reject`, { token: superToken, body: { reason: "Not a district of this state." } }),
    );
    expect(rejected.message).toBe("Registration rejected: its applicant has been told why, and what it held is free again.");
    await api.mailer.flush();
    const [mail] = await api.db.select().from(outbox).where(eq(outbox.to, input.staff.email)).orderBy(desc(outbox.createdAt)).limit(1);
    expect(mail?.body).toContain("Not a district of this state.");
    const [row] = await api.db.select().from(districtRegistration).where(eq(districtRegistration.districtId, districtId));
    expect(row).toMatchObject({ status: "Rejected", phoneNumber: null, oracleNumber: null, tescomNumber: null });
    // The trail says what happened, not to whom.
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.districtId, districtId), eq(auditLog.operation, "district.registration.Rejected")));
    expect(JSON.stringify(entry)).not.toContain(input.staff.email);
    expect(JSON.stringify(entry)).not.toContain(input.district.name);
    // The name, the e-mail, the username, the phone and both numbers: a new registration takes them all, and is approved with them.
    await registersAgain(input);
    // A closed registration cannot be decided again.
    await expectError(
      await api.call("POST", `/super-admin/registrations/${districtId}/approve`, { token: superToken }),
      409,
      "This district is not waiting for a review.",
    );
  });

  it("the applicant withdraws from their notice: signed out, and the values free again", async () => {
    const { input, result } = await calls.register();
    const token = result.authorizationToken;
    expect((await expectOk<{ message: string }>(await api.call("POST", "/district/registration/withdraw", { token }))).message).toBe(
      "Your registration has been withdrawn.",
    );
    const [row] = await api.db.select().from(districtRegistration).where(eq(districtRegistration.districtId, result.staff.district.id));
    expect(row?.status).toBe("Withdrawn");
    expect((await api.call("GET", "/district/registration", { token })).status).toBe(452);
    await registersAgain(input);
  });

  it("a registration not approved within REGISTRATION_ABANDON_DAYS is abandoned by housekeeping, freeing its values", async () => {
    const { input, result } = await calls.register();
    const districtId = result.staff.district.id;
    await runHousekeeping(api.db, api.config);
    expect((await api.db.select().from(districtRegistration).where(eq(districtRegistration.districtId, districtId)))[0]?.status).toBe("AwaitingReview");
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await api.db.update(districtRegistration).set({ submittedAt: old, createdAt: old }).where(eq(districtRegistration.districtId, districtId));
    const run = await runHousekeeping(api.db, api.config);
    expect(run.removed["abandoned registrations"]).toBe(1);
    expect((await api.db.select().from(districtRegistration).where(eq(districtRegistration.districtId, districtId)))[0]?.status).toBe("Abandoned");
    await registersAgain(input);
  });
});
