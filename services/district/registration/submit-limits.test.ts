import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError } from "../../test/helpers";
import { registrationCalls } from "./test-support";

/**
 * Issue 35, finding 9: a registration is counted against its client address's limit before its form is
 * read, so a malformed or oversized form counts like any other and an address past its limit is refused
 * without the API taking in its body.
 */
describe("POST /staff/register: the limit comes first, every attempt counted", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ REGISTRATION_LIMIT_PER_IP: 2, REGISTRATION_LIMIT_PER_EMAIL: 1000 });
  });
  afterAll(() => api.close());

  it("counts malformed forms, then refuses the address with 429 before reading even an oversized body", async () => {
    const calls = registrationCalls(api, "10.9.9.1");
    const junk = `{${"x".repeat(1024 * 1024)}`; // a megabyte that is not JSON
    await expectError(await calls.submit(junk), 400, authMessages.malformedJson);
    await expectError(await calls.submit(junk), 400, authMessages.malformedJson);
    // The third attempt is over the limit of two: refused whatever it carries.
    await expectError(await calls.submit(junk), 429, authMessages.tooManyAttempts);
    const oversized = await calls.submit("{}", { bytes: Buffer.alloc(25 * 1024 * 1024) });
    expect(oversized.status).toBe(429);
    // Another address is not held back by this one.
    await expectError(await registrationCalls(api, "10.9.9.2").submit(junk), 400, authMessages.malformedJson);
  });
});
