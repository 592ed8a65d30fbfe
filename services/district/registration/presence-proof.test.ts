import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { district } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { registrationCalls, validRegistration } from "./test-support";

/**
 * Issue 35, finding 1: a registration is accepted only with a proof that a person is there, worked out by
 * the registration page from a challenge the API issued (no outside service). A script that sends the
 * form without it creates nothing.
 */
describe("POST /staff/register: a proof of presence first", () => {
  let api: TestApi;
  let calls: ReturnType<typeof registrationCalls>;
  beforeAll(async () => {
    api = await createTestApi({ REGISTRATION_LIMIT_PER_IP: 1000, REGISTRATION_LIMIT_PER_EMAIL: 1000 });
    calls = registrationCalls(api, "10.9.7.1");
  });
  afterAll(() => api.close());

  it("refuses a verified, valid registration sent without the proof, creating nothing", async () => {
    const input = validRegistration(await calls.stateId());
    input.verificationId = await calls.verifiedId(input.staff.email);
    // The form as a script would send it: the registration alone.
    const form = new FormData();
    form.append("registration", JSON.stringify(input));
    const answer = await api.call("POST", "/staff/register", { form, headers: calls.headers });
    expect(answer.status).toBe(400);
    expect(await api.db.select().from(district).where(eq(district.name, input.district.name))).toEqual([]);
  });
});
