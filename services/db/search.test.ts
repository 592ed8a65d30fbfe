import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SchoolSearchResult } from "../../lib/contract/schools";
import type { StudentSearchAnswer } from "../../lib/contract/students";
import type { AuthResult } from "../../lib/contract/user";
import { createTestApi, type TestApi } from "../test/harness";
import { expectOk, randomId } from "../test/helpers";
import { school, student } from "./schema";
import { studentSearchColumns } from "./schema/students";
import { containsText, searchKey } from "./search";

/**
 * Issue 34, item 7: search ignores case, spaces, hyphens and apostrophes the same way everywhere, so 'oke odo'
 * finds 'Oke-Odo'; and each list's query still reads its trigram index (the index is built on the same folded text).
 */
describe("searching ignores case, spaces, hyphens and apostrophes", () => {
  let api: TestApi;
  let admin: AuthResult;
  const tag = randomId().slice(0, 6);
  const names = [`Oke-Odo Grammar School ${tag}`, `St. Mary's Model College ${tag}`, `Ola Oluwa Academy ${tag}`];

  beforeAll(async () => {
    api = await createTestApi();
    admin = await api.loginAdmin(1);
    for (const name of names)
      await expectOk(
        await api.call("POST", "/school/add", {
          token: admin.authorizationToken,
          body: { name, description: "A school", address: "1 School Road", localGovernment: "agege", category: "Senior Secondary" },
        }),
        201,
      );
  });
  afterAll(() => api.close());

  const schoolsFound = async (term: string) =>
    (
      await expectOk<SchoolSearchResult>(
        await api.call("GET", `/school/search?${new URLSearchParams({ searchTerm: term, limit: "50" })}`, { token: admin.authorizationToken }),
      )
    ).foundSchools
      .map((s) => s.name)
      // This test's schools only: the demo's may share a word.
      .filter((name) => name.endsWith(tag));

  it("folds a term as the text is folded", () => {
    expect(searchKey("  Oke  Odo ")).toBe("okeodo");
    expect(searchKey("St. Mary’s")).toBe("st.marys");
    expect(searchKey("Ola-Oluwa\t'")).toBe("olaoluwa");
  });

  it("finds a school however its name's spaces, hyphens, apostrophes and case are typed", async () => {
    for (const term of ["oke odo", "OKE-ODO", "okeodo", "Oke - Odo"]) expect(await schoolsFound(term), term).toEqual([names[0]]);
    for (const term of ["st. marys", "St. Mary’s", "ST. MARY'S"]) expect(await schoolsFound(term), term).toEqual([names[1]]);
    for (const term of ["ola-oluwa", "olaoluwa", "Ola'Oluwa"]) expect(await schoolsFound(term), term).toEqual([names[2]]);
    expect(await schoolsFound("oke odo grammar zzz")).toEqual([]);
  });

  it("finds pupils by a name typed with or without its hyphen, and never across two fields", async () => {
    const [pupil] = await api.db
      .select({ id: student.id, first: student.firstName, last: student.lastName, admission: student.admissionNumber })
      .from(student)
      .limit(1);
    if (!pupil) throw new Error("the demo has no pupil");
    const doubled = `Ade-${tag}`;
    await api.db
      .update(student)
      .set({ lastName: doubled })
      .where(sql`${student.id} = ${pupil.id}`);
    const found = async (term: string) =>
      (
        await expectOk<StudentSearchAnswer>(
          await api.call("GET", `/student/search?${new URLSearchParams({ searchTerm: term, limit: "50" })}`, { token: admin.authorizationToken }),
        )
      ).foundStudents.map((s) => s.id);
    expect(await found(`ade ${tag}`)).toEqual([pupil.id]);
    expect(await found(`ADE${tag}`)).toEqual([pupil.id]);
    // The admission number is another field: a term spanning the name's end and it finds nothing.
    expect(await found(`${tag}${pupil.admission.toLowerCase().slice(0, 3)}`)).toEqual([]);
  });

  it("reads the trigram index built on the folded text", async () => {
    await api.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const schools = JSON.stringify(
        await tx.execute(sql`explain select id from ${school} where ${containsText([school.name, school.description, school.address], "oke odo")}`),
      );
      expect(schools).toContain("school_search_key_trgm_idx");
      const pupils = JSON.stringify(
        await tx.execute(sql`explain select id from ${student} where ${containsText(studentSearchColumns(student), "ade okafor")}`),
      );
      expect(pupils).toContain("student_search_key_trgm_idx");
    });
  });
});
