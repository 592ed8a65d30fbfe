import { describe, expect, it } from "vitest";
import { catchAllPath, withoutTokens } from "./catch-all-paths";

describe("catchAllPath", () => {
  it("passes the APIs' resources through", () => {
    expect(catchAllPath("district", ["school", "search"])).toBe("school/search");
    expect(catchAllPath("district", ["auth", "me"])).toBe("auth/me");
    expect(catchAllPath("district", ["files", "a b"])).toBe("files/a%20b");
    expect(catchAllPath("billing", ["wallet", "balance", "x"])).toBe("wallet/balance/x");
  });

  it("refuses empty, dot and encoded segments, other resources, and the token-issuing calls", () => {
    const refused: string[][] = [
      [],
      ["x", "..", "auth", "login"],
      ["school", ".", "search"],
      ["school", "", "search"],
      ["x", "../auth/login"],
      ["x", "..\\auth"],
      ["x", "%2e%2e", "auth"],
      ["openapi.json"],
      ["health"],
      ["auth", "login"],
      ["auth", "logout"],
      ["token", "refresh-token"],
      ["reset-code", "a@b.c"],
      ["staff", "reset-password"],
      ["staff", "switch-role-access", "x"],
      ["super-admin", "switch-district"],
    ];
    for (const segments of refused) expect(catchAllPath("district", segments), segments.join("/")).toBeNull();
    expect(catchAllPath("billing", ["school", "search"])).toBeNull();
  });
});

describe("withoutTokens", () => {
  it("removes tokens wherever they are in an answer", () => {
    expect(
      withoutTokens({ authorizationToken: "a", refreshToken: "r", staff: { id: "1", refreshToken: "r" }, list: [{ authorizationToken: "a", n: 1 }] }),
    ).toEqual({
      staff: { id: "1" },
      list: [{ n: 1 }],
    });
    expect(withoutTokens([1, "x", null])).toEqual([1, "x", null]);
  });
});
