import { Jwt } from "hono/utils/jwt";
import { describe, expect, it } from "vitest";
import { signingKey } from "./signing-key";

describe("the tokens' signing key", () => {
  const secret = "a-test-secret-a-test-secret-0123456789";

  it("is imported once per secret", async () => {
    expect(await signingKey(secret)).toBe(await signingKey(secret));
    expect(await signingKey(`${secret}-other`)).not.toBe(await signingKey(secret));
  });

  // An instance still running the secret-as-text code and one running this check each other's tokens (a rolling upgrade).
  it("signs and checks exactly as the secret given as text does", async () => {
    const claims = { sub: "someone", exp: Math.floor(Date.now() / 1000) + 60 };
    const byKey = await Jwt.sign(claims, await signingKey(secret), "HS256");
    expect(byKey).toBe(await Jwt.sign(claims, secret, "HS256"));
    await expect(Jwt.verify(byKey, secret, "HS256")).resolves.toMatchObject(claims);
    await expect(Jwt.verify(await Jwt.sign(claims, secret, "HS256"), await signingKey(secret), "HS256")).resolves.toMatchObject(claims);
    await expect(Jwt.verify(byKey, await signingKey(`${secret}-other`), "HS256")).rejects.toThrow();
  });
});
