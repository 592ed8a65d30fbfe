import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { registrationMessages as m, type EmailCodeSent } from "../../../lib/contract/registration";
import { staff } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present } from "../../test/helpers";
import { registrationCalls, validRegistration } from "./test-support";

/**
 * Issue 35, finding 6: registration must not answer who holds a phone or staff number. One e-mail
 * verification allows one registration attempt, and values that were not verified (phone, oracle and
 * TESCOM numbers) are never named in the answer: they are checked against staff at review.
 */
describe("registration is no directory of phones and staff numbers", () => {
  let api: TestApi;
  let calls: ReturnType<typeof registrationCalls>;
  beforeAll(async () => {
    api = await createTestApi({ REGISTRATION_LIMIT_PER_IP: 1000, REGISTRATION_LIMIT_PER_EMAIL: 1000 });
    calls = registrationCalls(api, "10.9.8.1");
  });
  afterAll(() => api.close());

  it("allows one registration attempt per verification: a refused attempt spends it", async () => {
    const { input: first } = await calls.register();
    const input = validRegistration(first.district.stateId);
    input.district.name = first.district.name;
    input.verificationId = await calls.verifiedId(input.staff.email);
    await expectError(await calls.submit(input), 409, formInvalidMessage);
    input.district.name = `${input.district.name} North`;
    const again = await expectError(await calls.submit(input), 400, formInvalidMessage);
    expect(again.issues).toEqual([{ path: "staff.email", message: m.emailNotVerified }]);
  });

  it("never names a phone or staff number another account holds, at verification or at submission", async () => {
    const [teacher] = await api.db.select().from(staff).where(isNotNull(staff.oracleNumber)).limit(1);
    const held = present(teacher, "a demo staff member with an oracle number");
    const input = validRegistration(await calls.stateId());
    const sent = await expectOk<EmailCodeSent>(await calls.requestCode(input.staff.email), 201);
    const verified = await expectOk<Record<string, unknown>>(
      await calls.verify({ verificationId: sent.verificationId, code: await calls.mailedCode(input.staff.email), phoneNumber: held.phoneNumber }),
    );
    expect(verified.phoneTaken).not.toBe(true);
    input.verificationId = sent.verificationId;
    input.staff.phoneNumber = held.phoneNumber;
    input.staff.oracleNumber = present(held.oracleNumber);
    const answer = await calls.submit(input);
    const text = await answer.text();
    const issues = (JSON.parse(text) as { issues?: unknown[] }).issues ?? [];
    expect(JSON.stringify(issues)).not.toMatch(/phoneNumber|oracleNumber|tescomNumber/);
    expect(text).not.toContain(fieldMessages.phoneTaken);
    // The held values stay with the one who holds them.
    expect(await api.db.select({ id: staff.id }).from(staff).where(eq(staff.phoneNumber, held.phoneNumber))).toEqual([{ id: held.id }]);
  });
});
