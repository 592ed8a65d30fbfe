import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearRegisterQueries, keepRegisterQuery, registerReturnHref } from "./register-return";

/** A sessionStorage as the browser's behaves, for one tab. */
function tabStorage() {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

beforeEach(() => vi.stubGlobal("sessionStorage", tabStorage()));
afterEach(() => vi.unstubAllGlobals());

const register = "/administration/user-management/student-management/admission-register";

describe("the way back to a register", () => {
  it("opens it with the search and filters the user left it with", () => {
    keepRegisterQuery(register, "searchTerm=okafor&gender=Female");
    expect(registerReturnHref(register)).toBe(`${register}?searchTerm=okafor&gender=Female`);
  });

  it("is the plain register when nothing was searched, or the search was cleared", () => {
    expect(registerReturnHref(register)).toBe(register);
    keepRegisterQuery(register, "searchTerm=okafor");
    keepRegisterQuery(register, "");
    expect(registerReturnHref(register)).toBe(register);
  });

  it("keeps each register apart, and logout forgets them all", () => {
    keepRegisterQuery(register, "searchTerm=okafor");
    keepRegisterQuery("/administration/school-management", "?searchTerm=oke");
    expect(registerReturnHref("/administration/school-management")).toBe("/administration/school-management?searchTerm=oke");
    sessionStorage.setItem("portal.staff-selection", "[]");
    clearRegisterQueries();
    expect(registerReturnHref(register)).toBe(register);
    expect(registerReturnHref("/administration/school-management")).toBe("/administration/school-management");
    expect(sessionStorage.getItem("portal.staff-selection")).toBe("[]");
  });

  it("is the plain path on the server", () => {
    vi.unstubAllGlobals();
    vi.stubGlobal("sessionStorage", undefined);
    expect(registerReturnHref(register)).toBe(register);
  });
});
