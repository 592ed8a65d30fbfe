import { describe, expect, it } from "vitest";
import { staffFilterQuery, filtersFromQuery } from "./queries/staff";
import { registerFilterQuery, registerFromQuery, registerHref, searchParamsOf } from "./register-url";

const keys = ["searchTerm", "school", "gender"] as const;

describe("a register's filters in the URL", () => {
  it("are written in the keys' order, trimmed, with empty ones left out, and read back", () => {
    const query = registerFilterQuery(keys, { gender: "Female", searchTerm: "  ada ", school: "" });
    expect(query.toString()).toBe("searchTerm=ada&gender=Female");
    expect(registerFromQuery(keys, query)).toEqual({ filters: { searchTerm: "ada", gender: "Female" }, page: 1 });
  });

  it("ignore names that are not filters, and read a missing or bad page as the first", () => {
    expect(registerFromQuery(keys, new URLSearchParams("other=1&page=3&gender=Male"))).toEqual({ filters: { gender: "Male" }, page: 3 });
    for (const page of ["", "0", "-2", "1.5", "two"]) expect(registerFromQuery(keys, new URLSearchParams({ page })).page).toBe(1);
  });

  it("make the register's address, page 1 and no filter left out", () => {
    expect(registerHref("/r", keys, {})).toBe("/r");
    expect(registerHref("/r", keys, { school: "s1" }, 1)).toBe("/r?school=s1");
    expect(registerHref("/r", keys, { school: "s1" }, 2)).toBe("/r?school=s1&page=2");
  });

  it("read a server page's searchParams as the browser does (the first of repeated values)", () => {
    expect(searchParamsOf({ a: "1", b: ["2", "3"], c: undefined, d: [] }).toString()).toBe("a=1&b=2");
  });

  it("serve the staff register unchanged", () => {
    const query = staffFilterQuery({ staffType: "Teaching", searchTerm: "nwosu", gender: "" });
    expect(query.toString()).toBe("searchTerm=nwosu&staffType=Teaching");
    expect(filtersFromQuery(new URLSearchParams("staffType=Teaching&searchTerm=nwosu&page=2"))).toEqual({
      filters: { searchTerm: "nwosu", staffType: "Teaching" },
      page: 2,
    });
  });
});
