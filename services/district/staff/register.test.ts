import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { staffRegisterMessages, type StaffListItem, type StaffSearchAnswer, type StaffSearchTotal } from "../../../lib/contract/staff";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { school, staff } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present } from "../../test/helpers";

/** The register's full form of GET /staff/search (spec §3 filters) and its total. */
describe("the staff register: GET /staff/search (full form) and GET /staff/search-total", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let d1: string;
  let schoolA: { id: string; name: string };
  beforeAll(async () => {
    api = await createTestApi();
    admin1 = await api.loginAdmin(1);
    d1 = admin1.staff.district.id;
    const [first] = await api.db.select().from(school).where(eq(school.districtId, d1)).orderBy(school.name).limit(1);
    schoolA = { id: present(first).id, name: present(first).name };
    // 60 staff of a kind the demo has none of, spread over filters, so each filter's effect is known.
    const rows = Array.from({ length: 60 }, (_, i) => ({
      districtId: d1,
      firstName: `Zainab${String(i).padStart(2, "0")}`,
      lastName: i % 2 === 0 ? "Registerova" : "Registerska",
      email: `register.${i}@staff.example.org`,
      phoneNumber: `70999${String(i).padStart(5, "0")}`,
      oracleNumber: `REG-OR-${i}`,
      tescomNumber: `REG-TS-${i}`,
      gender: i % 3 === 0 ? "Male" : "Female",
      staffType: (i % 4 === 0 ? "Non-Teaching" : "Teaching") as "Teaching" | "Non-Teaching",
      accountStatus: (i % 5 === 0 ? "Suspended" : "Active") as "Suspended" | "Active",
      stateOfOrigin: i % 2 === 0 ? "Ogun" : "Oyo",
      localGovernmentOfOrigin: i % 2 === 0 ? "Abeokuta North" : "Ibadan North",
      stateOfResidence: "Lagos",
      localGovernmentOfResidence: i < 30 ? "Ikeja" : "Agege",
      dateOfEmployment: `20${String(10 + (i % 10)).padStart(2, "0")}-03-01`,
      schoolId: i < 20 ? schoolA.id : null,
    }));
    await api.db.insert(staff).values(rows);
  });
  afterAll(() => api.close());

  const search = (q: Record<string, string>, token = admin1.authorizationToken) => api.call("GET", `/staff/search?${new URLSearchParams(q)}`, { token });
  const page = async (q: Record<string, string>) => (await expectOk<StaffSearchAnswer>(await search(q))).foundStaffs;
  const total = async (q: Record<string, string>) =>
    (await expectOk<StaffSearchTotal>(await api.call("GET", `/staff/search-total?${new URLSearchParams(q)}`, { token: admin1.authorizationToken }))).total;
  const ours = { searchTerm: "register" };

  it("finds by names, e-mail, phone and both numbers, in last-then-first name order, with the register's columns", async () => {
    expect(await total(ours)).toBe(60);
    const first = await page({ ...ours, limit: "3" });
    expect(first.map((s) => `${s.firstName} ${s.lastName}`)).toEqual(["Zainab00 Registerova", "Zainab02 Registerova", "Zainab04 Registerova"]);
    expect(first[0]).toEqual<StaffListItem>({
      id: expect.any(String),
      title: "Mr",
      firstName: "Zainab00",
      lastName: "Registerova",
      middleName: null,
      email: "register.0@staff.example.org",
      phoneCode: "+234",
      phoneNumber: "7099900000",
      oracleNumber: "REG-OR-0",
      tescomNumber: "REG-TS-0",
      gender: "Male",
      staffType: "Non-Teaching",
      accountStatus: "Suspended",
      posting: { kind: "school", id: schoolA.id, name: schoolA.name },
    });
    expect((await page({ searchTerm: "7099900007" })).map((s) => s.email)).toEqual(["register.7@staff.example.org"]);
    expect((await page({ searchTerm: "reg-or-13" })).map((s) => s.email)).toEqual(["register.13@staff.example.org"]);
    expect((await page({ searchTerm: "REG-TS-59" })).map((s) => s.email)).toEqual(["register.59@staff.example.org"]);
    expect((await page({ searchTerm: "zainab05 registerska" })).map((s) => s.email)).toEqual(["register.5@staff.example.org"]);
  });

  it("pages through the filter a page at a time with no repeats, the total asked once", async () => {
    const seen: string[] = [];
    for (let p = 1; p <= 4; p++) seen.push(...(await page({ ...ours, limit: "25", page: String(p) })).map((s) => s.id));
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    // Without a text term (read from the name-order index) the same order holds.
    const bySchool = await page({ school: schoolA.id, limit: "1000", includeLoggedInUser: "true" });
    expect(bySchool.filter((s) => s.lastName.startsWith("Register")).map((s) => s.firstName)).toEqual(
      [...Array(20).keys()].sort((a, b) => (a % 2) - (b % 2) || a - b).map((i) => `Zainab${String(i).padStart(2, "0")}`),
    );
  });

  it("applies every filter of spec §3, the dates bounding the date of employment", async () => {
    const count = (q: Record<string, string>) => total({ ...ours, ...q });
    expect(await count({ gender: "Male" })).toBe(20);
    expect(await count({ staffType: "Non-Teaching" })).toBe(15);
    expect(await count({ accountStatus: "Suspended" })).toBe(12);
    expect(await count({ school: schoolA.id })).toBe(20);
    expect(await count({ stateOfOrigin: "Ogun", localGovernmentOfOrigin: "Abeokuta North" })).toBe(30);
    expect(await count({ stateOfResidence: "Lagos", localGovernmentOfResidence: "Agege" })).toBe(30);
    expect(await count({ startDate: "2015-01-01" })).toBe(30);
    expect(await count({ startDate: "2012-01-01", endDate: "2013-12-31" })).toBe(12);
    expect(await count({ gender: "Female", staffType: "Teaching", school: schoolA.id })).toBe(10);
    const list = await page({ ...ours, gender: "Female", staffType: "Teaching", school: schoolA.id, limit: "1000" });
    expect(list).toHaveLength(10);
    expect(list.every((s) => s.gender === "Female" && s.staffType === "Teaching" && s.posting.id === schoolA.id)).toBe(true);
  });

  it("pages a term with more matches than are sorted at once, spread through the order, exactly (the order window)", async () => {
    // 3,000 matches between 3,000 others in last-name order: beyond the tally, found in the first rows of the order.
    const pad = (n: number) => String(n).padStart(5, "0");
    const rows = Array.from({ length: 6_000 }, (_, i) => ({
      districtId: d1,
      firstName: i % 2 === 0 ? "Windowterm" : "Otherperson",
      lastName: `Spread${pad(i)}`,
      email: `window.${i}@staff.example.org`,
      phoneNumber: `70888${pad(i)}`,
    }));
    for (let i = 0; i < rows.length; i += 1_000) await api.db.insert(staff).values(rows.slice(i, i + 1_000));
    const expected = rows.filter((r) => r.firstName === "Windowterm").map((r) => r.email);
    const emailsOf = async (q: Record<string, string>) => (await page(q)).map((r) => r.email);
    expect(await emailsOf({ searchTerm: "windowterm", limit: "50" })).toEqual(expected.slice(0, 50));
    expect(await emailsOf({ searchTerm: "windowterm", limit: "50", page: "41" })).toEqual(expected.slice(2_000, 2_050));
    expect(await emailsOf({ searchTerm: "windowterm", limit: "1000", page: "3" })).toEqual(expected.slice(2_000, 3_000));
    expect(await total({ searchTerm: "windowterm" })).toBe(3_000);
  });

  it("answers 400 to a bad filter or limit, 403 without staff.view, 404 for another district", async () => {
    await expectError(await search({ limit: "1001" }), 400, formInvalidMessage);
    const dates = await expectError(await search({ startDate: "2020-01-01", endDate: "2019-01-01" }), 400, formInvalidMessage);
    expect(dates.issues).toEqual([{ path: "endDate", message: staffRegisterMessages.startAfterEnd }]);
    await expectError(await search({ accountStatus: "Retired" }), 400, formInvalidMessage);
    await expectError(await search({ school: "not-an-id" }), 400, formInvalidMessage);
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await search({}, teacher.authorizationToken), 403, authMessages.forbidden);
    const d2 = (await api.loginAdmin(2)).staff.district.id;
    await expectError(await search({ "district[0]": d2 }), 404, authMessages.notFound);
  });
});
