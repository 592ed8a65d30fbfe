import { describe, expect, it } from "vitest";
import { studentDownloadHref, studentFilterQuery, studentFiltersFromQuery, studentKeys, studentRegisterKeys, studentRegisterReads } from "./students";

const district = "0b8f2c3e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
const school = "1c9a3d4f-5e6b-4c7d-9e8f-0a1b2c3d4e5f";

describe("the admission register's filters and reads", () => {
  it("keep the filters in the URL in a fixed order, with Enrolled (the default) left out", () => {
    expect(studentFilterQuery({ gender: "Female", school, enrolmentStatus: "Enrolled" }).toString()).toBe(`school=${school}&gender=Female`);
    expect(studentFilterQuery({ enrolmentStatus: "all", class: "c1" }).toString()).toBe("enrolmentStatus=all&class=c1");
    expect(studentFiltersFromQuery(new URLSearchParams(`gender=Female&school=${school}&enrolmentStatus=Enrolled&page=2`))).toEqual({
      filters: { school, gender: "Female" },
      page: 2,
    });
  });

  it("ask GET /student/search for 1,000 a page and the total once per filter, whatever the page", () => {
    const read = studentRegisterReads.register(district, { searchTerm: "ada", school }, 2);
    expect(read.path).toBe(`student/search?searchTerm=ada&school=${school}&district%5B0%5D=${district}&limit=1000&page=2`);
    const total = studentRegisterReads.total(district, { searchTerm: "ada", school });
    expect(total.path).toBe(`student/search-total?searchTerm=ada&school=${school}&district%5B0%5D=${district}`);
    expect(total.queryKey).toEqual(studentRegisterKeys.total(district, { school, searchTerm: "ada", enrolmentStatus: "Enrolled" }));
    for (const key of [read.queryKey, total.queryKey, studentRegisterReads.summary(district).queryKey]) expect(key[0]).toBe(studentKeys.all[0]);
  });

  it("download the list as filtered on screen", () => {
    expect(studentDownloadHref(district, { gender: "Male", enrolmentStatus: "all" })).toBe(
      `/api/district/student/download?enrolmentStatus=all&gender=Male&district%5B0%5D=${district}`,
    );
  });
});
