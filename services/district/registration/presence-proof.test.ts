import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadingZeroBits, searchPresence, sha256Words, solvesPresence } from "../../../lib/contract/presence-proof";
import { registrationMessages as m } from "../../../lib/contract/registration";
import { district } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";
import { issuePresenceChallenge, PRESENCE_CHALLENGE_SECONDS } from "./presence-proof";
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
    api = await createTestApi({ REGISTRATION_LIMIT_PER_IP: 1000, REGISTRATION_LIMIT_PER_EMAIL: 1000, REGISTRATION_PROOF_BITS: 10 });
    calls = registrationCalls(api, "10.9.7.1");
  });
  afterAll(() => api.close());

  const verified = async () => {
    const input = validRegistration(await calls.stateId());
    input.verificationId = await calls.verifiedId(input.staff.email);
    return input;
  };
  const created = async (name: string) => api.db.select().from(district).where(eq(district.name, name));

  it("refuses a verified, valid registration sent without the proof, creating nothing", async () => {
    const input = await verified();
    // The form as a script would send it: the registration alone.
    const form = new FormData();
    form.append("registration", JSON.stringify(input));
    const answer = await api.call("POST", "/staff/register", { form, headers: calls.headers });
    expect(answer.status).toBe(400);
    expect(await created(input.district.name)).toEqual([]);
  });

  it("refuses a wrong solution, a forged or easier challenge, an expired one and a used one; the verification is not spent by them", async () => {
    const input = await verified();
    const good = await calls.presence();
    await expectError(await calls.submit(input, undefined, null), 400, m.presenceMissing);
    const wrong = [...Array(5000).keys()].map(String).find((n) => !solvesPresence(good.challenge, n, 10)) ?? "";
    await expectError(await calls.submit(input, undefined, { challenge: good.challenge, solution: wrong }), 400, m.presenceInvalid);
    // A challenge made up, or one of the API's with its difficulty lowered: the signature does not hold.
    const parts = good.challenge.split(".");
    const easier = [parts[0], "1", ...parts.slice(2)].join(".");
    await expectError(await calls.submit(input, undefined, { challenge: easier, solution: searchPresence(easier, 1, 0, 1000) ?? "" }), 400, m.presenceInvalid);
    const forged = `v1.1.${Date.now() + 60_000}.AAAAAAAAAAAAAAAAAAAAAA.${"A".repeat(43)}`;
    await expectError(await calls.submit(input, undefined, { challenge: forged, solution: searchPresence(forged, 1, 0, 1000) ?? "" }), 400, m.presenceInvalid);
    // Signed by this API but at a difficulty below the configured one (issued before the setting was raised).
    const low = issuePresenceChallenge({ JWT_SECRET: api.config.JWT_SECRET, REGISTRATION_PROOF_BITS: 2 });
    await expectError(
      await calls.submit(input, undefined, { challenge: low.challenge, solution: searchPresence(low.challenge, 2, 0, 1000) ?? "" }),
      400,
      m.presenceInvalid,
    );
    const old = issuePresenceChallenge(api.config, Date.now() - PRESENCE_CHALLENGE_SECONDS * 1000 - 1000);
    await expectError(
      await calls.submit(input, undefined, { challenge: old.challenge, solution: searchPresence(old.challenge, 10, 0, 1_000_000) ?? "" }),
      400,
      m.presenceExpired,
    );
    expect(await created(input.district.name)).toEqual([]);

    // The verification was not spent by the refusals: the good proof registers, once.
    await expectOk(await calls.submit(input, undefined, good), 201);
    const again = await verified();
    await expectError(await calls.submit(again, undefined, good), 400, m.presenceUsed);
    expect(await created(again.district.name)).toEqual([]);
  });

  it("issues challenges at the configured difficulty, short-lived and never cached", async () => {
    const answer = await api.call("GET", "/staff/register/challenge", { headers: calls.headers });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const challenge = await expectOk<{ challenge: string; bits: number; expiresAt: string }>(answer);
    expect(challenge.bits).toBe(10);
    const lifetime = Date.parse(challenge.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(PRESENCE_CHALLENGE_SECONDS * 1000);
  });

  it("hashes exactly as node's SHA-256 does, and counts the zero bits the API asks for", () => {
    for (const text of ["", "abc", "x".repeat(55), "x".repeat(56), "x".repeat(64), `v1.18.${Date.now()}.nonce.mac:123456`]) {
      const words = sha256Words(text);
      const hex = [...words].map((w) => (w >>> 0).toString(16).padStart(8, "0")).join("");
      expect(hex).toBe(createHash("sha256").update(text).digest("hex"));
    }
    expect(leadingZeroBits(new Uint32Array([0, 0x0fffffff, 0, 0, 0, 0, 0, 0]))).toBe(36);
    expect(leadingZeroBits(new Uint32Array(8))).toBe(256);
  });
});
