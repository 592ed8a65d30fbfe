import { describe, expect, it } from "vitest";
import { createTestApi } from "../test/harness";
import { HANDSHAKE_HEADER, signHandshake, verifyHandshake } from "./handshake";

describe("the portal's handshake", () => {
  const secret = "s".repeat(10) + "ecret-shared-by-portal-and-apis";

  it("is answered yes only for the same secret, signed within five minutes; the secret itself never travels", () => {
    const now = Date.now();
    const signed = signHandshake(secret, now);
    expect(signed).not.toContain(secret);
    expect(verifyHandshake(signed, secret, now)).toBe(true);
    expect(verifyHandshake(signed, secret, now + 4 * 60_000)).toBe(true);
    expect(verifyHandshake(signed, secret, now + 6 * 60_000)).toBe(false);
    expect(verifyHandshake(signHandshake("another secret altogether", now), secret, now)).toBe(false);
    for (const garbage of [undefined, "", "abc", `${now}.`, `x.${signed.split(".")[1]}`]) expect(verifyHandshake(garbage, secret, now)).toBe(false);
  });

  it("is the API's /internal/handshake, 401 without the secret", async () => {
    const api = await createTestApi();
    try {
      const ask = (value: string) => api.call("GET", "/internal/handshake", { headers: { [HANDSHAKE_HEADER]: value } });
      const yes = await ask(signHandshake(api.config.INTERNAL_SECRET));
      expect(yes.status).toBe(200);
      expect(await yes.json()).toEqual({ trusted: true });
      const no = await ask(signHandshake("not the API's secret, though long enough"));
      expect(no.status).toBe(401);
      expect(await no.json()).toEqual({ message: "The portal's INTERNAL_SECRET is not this API's.", code: "unauthenticated" });
    } finally {
      await api.close();
    }
  });
});
