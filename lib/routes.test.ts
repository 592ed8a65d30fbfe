import { describe, expect, it } from "vitest";
import { isGuestOnly, isOpen, landingPath, routes, safeNextPath } from "./routes";

describe("safeNextPath", () => {
  it("keeps a path of this portal with its query and hash", () => {
    expect(safeNextPath("/dashboard?x=1")).toBe("/dashboard?x=1");
    expect(safeNextPath("/administration/school-management#top")).toBe("/administration/school-management#top");
    expect(safeNextPath(routes.editSchool("0b6d2c1e-5f1a-4c4e-9d1e-2b1f3c4d5e6f"))).toBe(routes.editSchool("0b6d2c1e-5f1a-4c4e-9d1e-2b1f3c4d5e6f"));
  });

  it.each([
    ["an absolute URL", "https://evil.com"],
    ["a protocol-relative URL", "//evil.com"],
    ["a backslash trick", "/\\evil.com"],
    ["a backslash host", "\\\\evil.com"],
    ["a tab hidden in a protocol-relative URL", "/\t/evil.com"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "dashboard"],
    ["the login page", "/login"],
    ["the login page with a query", "/login?next=/dashboard"],
    ["a password page", "/password/forgot"],
    ["a dot-segment path that resolves to a guest page", "/dashboard/../login"],
    ["the logout page", "/logout"],
    ["a BFF route", "/api/x"],
    ["an absurdly long path", `/dashboard?x=${"a".repeat(3000)}`],
    ["an empty value", ""],
    // Each of these resolved, before the fix, to a path starting with // (another host for a browser).
    ["a dot segment before a protocol-relative host", "/.//evil.example/x"],
    ["a dot-dot segment before a protocol-relative host", "/a/..//evil.example/x"],
    ["an encoded dot segment", "/%2e//evil.example/x"],
    ["an encoded dot-dot segment", "/dashboard/%2e%2e//evil.example"],
    ["an upper-case encoded dot", "/%2E//evil.example"],
    ["a dot segment alone", "/./dashboard"],
    ["a dot-dot segment alone", "/administration/../dashboard"],
    ["an encoded slash after a dot segment", "/.%2f/evil.example"],
  ])("rejects %s", (_label, next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it("rejects null and undefined", () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });

  it("does not take a path that merely starts like a guest page for one", () => {
    expect(isGuestOnly("/login")).toBe(true);
    expect(isGuestOnly("/password/update-password-otp/")).toBe(true);
    expect(isGuestOnly("/loginhelp")).toBe(false);
    expect(isOpen("/logout")).toBe(true);
    expect(safeNextPath("/loginhelp")).toBe("/loginhelp");
  });
});

describe("landingPath", () => {
  it("sends a super administrator to /super-admin and others to /dashboard", () => {
    expect(landingPath(true)).toBe("/super-admin");
    expect(landingPath(false)).toBe("/dashboard");
  });

  it("prefers a safe next path and ignores an unsafe one", () => {
    expect(landingPath(false, "/administration?tab=1")).toBe("/administration?tab=1");
    expect(landingPath(true, "/dashboard/profile")).toBe("/dashboard/profile");
    expect(landingPath(false, "https://evil.com")).toBe("/dashboard");
    expect(landingPath(true, "//evil.com")).toBe("/super-admin");
    expect(landingPath(false, "/login")).toBe("/dashboard");
    expect(landingPath(false, null)).toBe("/dashboard");
  });
});
