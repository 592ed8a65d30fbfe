import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { schoolMessages, type SchoolDetail, type SchoolInformation, type SchoolSearchResult, type SchoolSearchTotal } from "../../../lib/contract/schools";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { school, schoolRole } from "../../db/schema";
import { ORDER_WINDOW, SORTED_MATCHES_CAP } from "../../db/search";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, randomId, staffRow } from "../../test/helpers";

type One = { school: SchoolDetail };

describe("schools", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
  });
  afterAll(() => api.close());

  const token = () => admin1.authorizationToken;
  const add = (body: unknown, t = token()) => api.call("POST", "/school/add", { token: t, body });
  const search = (query: string, t = token()) => api.call("GET", `/school/search?${query}`, { token: t });
  const valid = {
    name: "Oshodi Model College",
    description: "A model college",
    address: "3 Oshodi Road",
    localGovernment: "agege",
    category: "Senior Secondary",
  };

  it("creates a school in one of the district's local governments, with its LGEA, audited", async () => {
    const { school: created } = await expectOk<One>(await add(valid), 201);
    expect(created).toMatchObject({
      name: "Oshodi Model College",
      localGovernment: "Agege",
      category: "Senior Secondary",
      lgea: { name: "Agege LGEA" },
      schoolRoles: [],
      version: 1,
      districtId: d1,
    });
    const [row] = await api.db.select().from(school).where(eq(school.id, created.id));
    expect(row).toMatchObject({ districtId: d1, address: "3 Oshodi Road" });
    expect((await auditOf(api, created.id))[0]).toMatchObject({ operation: "school.create", actorStaffId: admin1.staff.id });
    await expectError(await add({ ...valid, name: "  oshodi   MODEL college " }), 409, "The district already has a school with this name.");
    // The same name is fine in another district.
    await expectOk(await add({ ...valid, localGovernment: "Ikorodu" }, admin2.authorizationToken), 201);
  });

  it("places a super administrator's new school in the district they work in: its local governments, its names", async () => {
    const superAdmin = await api.loginSuperAdmin();
    const asSuper = superAdmin.authorizationToken;
    expect(superAdmin.staff.district.id).toBe(d1);
    // Ikorodu is district 2's: not a local government of the district the super administrator works in.
    const elsewhere = await add({ ...valid, name: "Super Admin Ikorodu School", localGovernment: "Ikorodu" }, asSuper);
    expect(elsewhere.status).toBe(400);
    expect(await api.db.select().from(school).where(eq(school.name, "Super Admin Ikorodu School"))).toEqual([]);
    // A name of district 2's is free in district 1.
    const { school: created } = await expectOk<One>(await add({ ...valid, name: "Ikorodu Model College" }, asSuper), 201);
    expect(created).toMatchObject({ districtId: d1, lgea: { name: "Agege LGEA" } });
  });

  it("keeps a school's category one its classes' levels fit: Junior Secondary classes keep a school from becoming Primary", async () => {
    const [jss] = await api.db.select().from(school).where(eq(school.name, "Alimosho Junior High School"));
    if (!jss) throw new Error("the seed has no Alimosho Junior High School");
    const body = { name: jss.name, description: jss.description ?? "", address: jss.address, localGovernment: jss.localGovernment, version: jss.version };
    const refused = await api.call("PATCH", `/school/update/${jss.id}`, { token: token(), body: { ...body, category: "Primary" } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ issues: [{ path: "category", message: schoolMessages.categoryKeepsClasses }] });
    expect((await api.db.select().from(school).where(eq(school.id, jss.id)))[0]?.category).toBe("Junior Secondary");
    // A category with the same levels is fine.
    await expectOk(
      await api.call("PATCH", `/school/update/${jss.id}`, { token: token(), body: { ...body, category: "Junior Secondary", name: `${jss.name} ` } }),
    );
  });

  it("checks the form with the spec's messages and the district's local governments", async () => {
    const bad = await expectError(await add({ name: "", address: "", localGovernment: "", category: "Castle" }), 400, formInvalidMessage);
    expect(bad.issues).toEqual([
      { path: "name", message: "This field is required" },
      { path: "address", message: "This Field is required" },
      { path: "localGovernment", message: "Local Government is required" },
      { path: "category", message: "Choose a category." },
    ]);
    const elsewhere = await expectError(await add({ ...valid, name: "Ikorodu Day School", localGovernment: "Ikorodu" }), 400, formInvalidMessage);
    expect(elsewhere.issues).toEqual([{ path: "localGovernment", message: "Choose a local government of the district." }]);
  });

  it("updates with the version, 409 when stale; another district's school is 404", async () => {
    const { school: created } = await expectOk<One>(
      await add({ ...valid, name: "Alimosho Girls School", localGovernment: "Alimosho", category: "Junior Secondary" }),
      201,
    );
    const body = { ...valid, name: "Alimosho Girls' School", localGovernment: "Ifako-Ijaiye", version: created.version };
    const { school: updated } = await expectOk<One>(await api.call("PATCH", `/school/update/${created.id}`, { token: token(), body }));
    expect(updated).toMatchObject({ name: "Alimosho Girls' School", localGovernment: "Ifako-Ijaiye", lgea: { name: "Ifako-Ijaiye LGEA" }, version: 2 });
    await expectError(
      await api.call("PATCH", `/school/update/${created.id}`, { token: token(), body }),
      409,
      "Someone else changed this school since you opened it. Reload to see their changes.",
    );
    const [theirs] = await api.db.select().from(school).where(eq(school.districtId, admin2.staff.district.id));
    await expectError(await api.call("PATCH", `/school/update/${theirs?.id}`, { token: token(), body: { ...body, version: 1 } }), 404, authMessages.notFound);
    await expectError(await api.call("GET", `/school/view/${theirs?.id}`, { token: token() }), 404, authMessages.notFound);
    await expectError(await api.call("GET", `/school/view/${randomId()}`, { token: token() }), 404, authMessages.notFound);
  });

  it("searches by text, local government and category, a page at a time", async () => {
    const all = await expectOk<SchoolSearchResult>(await search(`district=${d1}&limit=1000`));
    const total = (filters: string) => api.call("GET", `/school/search-total?${filters}`, { token: token() });
    expect(await expectOk<SchoolSearchTotal>(await total(`district=${d1}`))).toEqual({ total: all.foundSchools.length });
    const names = all.foundSchools.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await expectOk<SchoolSearchResult>(await search("searchTerm=grammar"))).foundSchools.map((s) => s.name)).toEqual(["Agege Senior Grammar School"]);
    const agege = await expectOk<SchoolSearchResult>(await search("localGovernment=Agege&schoolCategory=Senior%20Secondary"));
    expect(agege.foundSchools.every((s) => s.localGovernment === "Agege" && s.category === "Senior Secondary")).toBe(true);
    expect(await expectOk<SchoolSearchTotal>(await total("localGovernment=Agege&schoolCategory=Senior%20Secondary"))).toEqual({
      total: agege.foundSchools.length,
    });
    expect(await expectOk<SchoolSearchTotal>(await total("searchTerm=grammar"))).toEqual({ total: 1 });
    const page2 = await expectOk<SchoolSearchResult>(await search("limit=2&page=2"));
    expect(page2).toMatchObject({ page: 2, limit: 2 });
    expect(page2.foundSchools.map((s) => s.name)).toEqual(names.slice(2, 4));
    expect((await expectOk<SchoolSearchResult>(await search("searchTerm=%25"))).foundSchools).toEqual([]);
    await expectError(await search(`district=${admin2.staff.district.id}`), 404, authMessages.notFound);
  });

  it("finds text in the name, the description or the address, but never across two of them", async () => {
    await expectOk(await add({ ...valid, name: "Ajao Estate Academy", description: "Lagoon view", address: "9 Harbour Close" }), 201);
    const found = async (term: string) =>
      (await expectOk<SchoolSearchResult>(await search(`searchTerm=${encodeURIComponent(term)}`))).foundSchools.map((s) => s.name);
    expect(await found("estate  ACADEMY")).toEqual(["Ajao Estate Academy"]);
    expect(await found("lagoon")).toEqual(["Ajao Estate Academy"]);
    expect(await found("harbour close")).toEqual(["Ajao Estate Academy"]);
    // The name ends where the description begins: a search spanning both is not a match.
    expect(await found("Academy Lagoon")).toEqual([]);
    expect(await found("view 9")).toEqual([]);
  });

  it("tells a school's figures, with the principal and 'no vice principal' as null", async () => {
    const [seeded] = await api.db.select().from(school).where(eq(school.name, "Ifako Community Primary School"));
    const info = await expectOk<SchoolInformation>(await api.call("GET", `/school/get-school-information/${seeded?.id}`, { token: token() }));
    // Seed: the third school has a principal but no vice principal, and 20 students.
    expect(info).toMatchObject({ category: "Primary", vicePrincipal: null, studentCount: 20, maleStudentCount: 10, femaleStudentCount: 10 });
    expect(info.principal).toMatch(/\w+ \w+/);
    expect(info.staffCount).toBeGreaterThan(0);
  });

  it("assigns and removes school roles: one Principal, staff of the district only", async () => {
    const { school: created } = await expectOk<One>(await add({ ...valid, name: "Agege Primary Annex", category: "Primary" }), 201);
    const teacher = await staffRow(api, "emeka.eze@example.org");
    const other = await staffRow(api, "halima.sani@example.org");
    const assign = (body: unknown) => api.call("POST", `/school/assign-role/${created.id}`, { token: token(), body });
    const withPrincipal = await expectOk<One>(await assign({ role: "Principal", staffId: teacher.id }), 201);
    expect(withPrincipal.school.schoolRoles).toEqual([
      { id: expect.any(String), role: "Principal", staff: { id: teacher.id, firstName: "Emeka", lastName: "Eze", email: "emeka.eze@example.org" } },
    ]);
    await expectError(await assign({ role: "Principal", staffId: other.id }), 409, "The school already has a Principal. Remove them first.");
    await expectError(await assign({ role: "Principal", staffId: teacher.id }), 409, "That staff member already holds this role in the school.");
    await expectOk(await assign({ role: "Vice Principal", staffId: other.id }), 201);
    const elsewhere = await staffRow(api, "zainab.umar@example.org");
    await expectError(await assign({ role: "Bursar", staffId: elsewhere.id }), 404, authMessages.notFound);
    const info = await expectOk<SchoolInformation>(await api.call("GET", `/school/get-school-information/${created.id}`, { token: token() }));
    expect(info).toMatchObject({ principal: "Emeka Eze", vicePrincipal: "Halima Sani" });

    const grantId = withPrincipal.school.schoolRoles[0]?.id;
    const removed = await expectOk<{ message: string; school: SchoolDetail }>(await api.call("POST", `/school/unassign-role/${grantId}`, { token: token() }));
    expect(removed.message).toBe("School role removed");
    expect(removed.school.schoolRoles.map((h) => h.role)).toEqual(["Vice Principal"]);
    expect(await api.db.select().from(schoolRole).where(eq(schoolRole.schoolId, created.id))).toHaveLength(1);
  });

  it("needs the permissions: school.view to read, school.create to add", async () => {
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await search("", teacher.authorizationToken), 403, authMessages.forbidden);
    await expectError(await add({ ...valid, name: "Nope School" }, teacher.authorizationToken), 403, authMessages.forbidden);
    expect(await expectOk(await api.call("GET", "/school/category-list", { token: token() }))).toEqual({
      categories: expect.arrayContaining(["Primary", "Senior Secondary"]),
    });
    expect(await expectOk(await api.call("GET", "/school/school-role-list", { token: token() }))).toEqual({
      roles: expect.arrayContaining(["Principal", "Vice Principal"]),
    });
  });

  // A text search sorts the matches of a term with few of them, looks in the first rows of the name order
  // for a term with many, and sorts those whole past them (services/db/search.ts): every way must give the
  // same pages in name order, clustered or not. Thousands of rows: 13 s in a full run on a slow machine, so 90 s.
  it("pages a text search in name order, for a term in few schools and for one in more than can be sorted", async () => {
    const named = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        districtId: d1,
        name: `${prefix} ${String(i).padStart(5, "0")}`,
        address: i % 2 ? "Plentiful Street" : "Sparse Lane",
        localGovernment: "Agege",
        category: "Primary",
      }));
    const rare = named("Quorum Hall", 70).reverse();
    const common = named("Zenith Plentiful", SORTED_MATCHES_CAP + 10);
    for (let i = 0; i < common.length; i += 1_000) await api.db.insert(school).values(common.slice(i, i + 1_000));
    await api.db.insert(school).values(rare);
    const page = async (term: string, n: number, limit = 25) =>
      (await expectOk<SchoolSearchResult>(await search(`searchTerm=${encodeURIComponent(term)}&limit=${limit}&page=${n}`))).foundSchools.map((s) => s.name);
    const rareNames = rare.map((s) => s.name).sort();
    expect([...(await page("quorum", 1)), ...(await page("quorum", 2)), ...(await page("quorum", 3))]).toEqual(rareNames);
    expect(await page("quorum", 4)).toEqual([]);
    // "plentiful" is in every Zenith name and in half of all addresses: more matches than are sorted.
    const plentiful = await expectOk<SchoolSearchTotal>(await api.call("GET", "/school/search-total?searchTerm=plentiful", { token: token() }));
    expect(plentiful.total).toBeGreaterThan(SORTED_MATCHES_CAP);
    expect(await page("zenith", 1, 50)).toEqual(common.slice(0, 50).map((s) => s.name));
    expect(await page("zenith", 101, 50)).toEqual(common.slice(5_000).map((s) => s.name));
    expect(await page("plentiful", 1, 5)).toEqual(["Quorum Hall 00001", "Quorum Hall 00003", "Quorum Hall 00005", "Quorum Hall 00007", "Quorum Hall 00009"]);

    // Past the first rows of the order that a common term is looked for in (ORDER_WINDOW), its matches are sorted whole.
    // One filler in 60 is on Kestrel Close: the first rows hold part of a page of it, and a second look sized by that density the rest.
    const filler = named("Aardvark Filler", ORDER_WINDOW + 100).map((s, i) => ({ ...s, address: i % 60 === 0 ? "Kestrel Close" : "Sparse Lane" }));
    const kestrel = filler.filter((s) => s.address === "Kestrel Close").map((s) => s.name);
    for (let i = 0; i < filler.length; i += 1_000) await api.db.insert(school).values(filler.slice(i, i + 1_000));
    expect(await page("zenith", 1, 50)).toEqual(common.slice(0, 50).map((s) => s.name));
    expect(await page("zenith", 101, 50)).toEqual(common.slice(5_000).map((s) => s.name));
    expect(await page("plentiful", 1, 5)).toEqual(["Quorum Hall 00001", "Quorum Hall 00003", "Quorum Hall 00005", "Quorum Hall 00007", "Quorum Hall 00009"]);
    const kestrelPages = [];
    for (let n = 1; n <= 4; n++) kestrelPages.push(...(await page("kestrel", n, 50)));
    expect(kestrelPages).toEqual(kestrel);
  }, 90_000);
});
