import { describe, expect, it } from "vitest";
import { loginFormSchema } from "./contract/auth";
import { lazyResolver } from "./lazy-resolver";

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("lazyResolver", () => {
  it("validates with the schema it fetched, and fetches again after a failed fetch", async () => {
    let calls = 0;
    const { resolver } = lazyResolver(async () => {
      calls += 1;
      if (calls === 1) throw new Error("network");
      return loginFormSchema;
    });
    await expect(resolver({ email: "", password: "" }, undefined, options)).rejects.toThrow("network");
    const result = await resolver({ email: "", password: "" }, undefined, options);
    expect(result.errors.email?.message).toBe("E-mail is required");
    await resolver({ email: "a@example.org", password: "x" }, undefined, options);
    expect(calls).toBe(2);
  });
});
