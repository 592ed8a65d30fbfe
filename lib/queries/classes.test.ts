import { describe, expect, it } from "vitest";
import { classFilterQuery, classFiltersFromQuery, classKeys, classReads, noClassFilters } from "./classes";

const school = "0b8f2c3e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
const classType = "1c9a3d4f-5e6b-4c7d-9e8f-0a1b2c3d4e5f";

describe("the class list's filters in the URL", () => {
  it("round-trip, with empty filters and page 1 left out", () => {
    expect(classFilterQuery(noClassFilters).toString()).toBe("");
    const query = classFilterQuery({ school, classType }, 3);
    expect(query.toString()).toBe(`school=${school}&classType=${classType}&page=3`);
    expect(classFiltersFromQuery(query)).toEqual({ filters: { school, classType }, page: 3 });
    expect(classFiltersFromQuery(classFilterQuery({ school: "", classType }, 1))).toEqual({ filters: { school: "", classType }, page: 1 });
  });

  it("read a missing or bad page as the first", () => {
    for (const page of ["", "0", "-2", "1.5", "two"]) expect(classFiltersFromQuery(new URLSearchParams({ page })).page).toBe(1);
  });

  it("ask GET /class/view-all for 100 a page, one cache entry per filter and page, all under the classes key", () => {
    const read = classReads.list({ school, classType: "" }, 2);
    expect(read.path).toBe(`class/view-all?school=${school}&limit=100&page=2`);
    expect(read.queryKey).toEqual(classKeys.list({ school, classType: "" }, 2));
    expect(read.queryKey[0]).toBe(classKeys.all[0]);
    expect(classReads.types().queryKey[0]).toBe(classKeys.all[0]);
  });
});
