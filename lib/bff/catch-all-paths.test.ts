import { describe, expect, it } from "vitest";
import { catchAllPath, isGuestPath, withoutTokens } from "./catch-all-paths";

describe("catchAllPath", () => {
  it("passes the APIs' resources through", () => {
    expect(catchAllPath("district", ["school", "search"])).toBe("school/search");
    expect(catchAllPath("district", ["auth", "me"])).toBe("auth/me");
    expect(catchAllPath("district", ["files", "a b"])).toBe("files/a%20b");
    expect(catchAllPath("billing", ["wallet", "balance", "x"])).toBe("wallet/balance/x");
    expect(catchAllPath("billing", ["reconciliation", "download"])).toBe("reconciliation/download");
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
      ["staff", "register"],
    ];
    for (const segments of refused) expect(catchAllPath("district", segments), segments.join("/")).toBeNull();
    expect(catchAllPath("billing", ["school", "search"])).toBeNull();
  });
});

describe("isGuestPath", () => {
  it("lets a guest reach the registration page's public calls and the reference data, and nothing else", () => {
    const guest = [
      "generic-apis/all-enum",
      "staff/register/state-portals",
      "staff/register/email-code",
      "staff/register/verify-email",
      "staff/register/challenge",
      "staff/register/username-exists/ngozi_1",
    ];
    for (const path of guest) expect(isGuestPath("district", path), path).toBe(true);
    const signedIn = ["staff/register", "staff/username-exists/x", "staff/register/username-exists/a/b", "school/search", "auth/me", "district/registration"];
    for (const path of signedIn) expect(isGuestPath("district", path), path).toBe(false);
    expect(isGuestPath("billing", "generic-apis/all-enum")).toBe(false);
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
