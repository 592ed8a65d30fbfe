import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import { demoPasswords } from "../../db/demo-data";
import { student } from "../../db/schema";
import { expectError, present, randomId } from "../../test/helpers";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { AGEGE, ALIMOSHO, searchTest } from "./search-test-support";

describe("the admission register: who may read it", () => {
  const { w, page, total, summary, ids, stored, ours, schoolId } = searchTest();

  it("answers 401 without a token, 403 without student.view, 404 for another district; a super administrator reads any district", async () => {
    await expectError(await w.api.call("GET", "/student/search"), 401, authMessages.notSignedIn);
    const teacher = await w.api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    for (const path of ["/student/search", "/student/search-total", "/student/summary"]) {
      await expectError(await w.api.call("GET", path, { token: teacher.authorizationToken }), 403, authMessages.forbidden);
      await expectError(await w.api.call("GET", `${path}?district[0]=${w.d2}`, { token: w.admin1.authorizationToken }), 404, authMessages.notFound);
      await expectError(await w.api.call("GET", `${path}?district[0]=${randomId()}`, { token: w.admin1.authorizationToken }), 404, authMessages.notFound);
    }
    // The School Supervisor role holds student.view (and not student.download).
    const supervisor = await w.api.login("babatunde.adeyemi@example.org", demoPasswords.staff);
    expect(supervisor.permissions).toContain("student.view");
    expect(await total({}, supervisor.authorizationToken)).toBe(await total({}));

    const superAdmin = await w.api.loginSuperAdmin();
    const theirs = (await w.api.db.select().from(student).where(eq(student.districtId, w.d2))).filter((s) => s.enrolmentStatus === "Enrolled");
    expect(await total({ "district[0]": w.d2 }, superAdmin.authorizationToken)).toBe(theirs.length);
    const found = await page({ "district[0]": w.d2, limit: "1000" }, superAdmin.authorizationToken);
    expect(ids(found).sort()).toEqual(ids(theirs).sort());
    expect((await summary(superAdmin.authorizationToken, { "district[0]": w.d2 })).total).toBe(theirs.length);
    // Without district[0], the district the super administrator works in.
    expect(await total({}, superAdmin.authorizationToken)).toBe(
      (await w.api.db.select().from(student).where(eq(student.districtId, superAdmin.staff.district.id))).filter((s) => s.enrolmentStatus === "Enrolled")
        .length,
    );
  });

  describe("an LGEA administrator", () => {
    let lgeaToken: string;
    beforeAll(async () => {
      // Funmilayo Ogunleye given the district's LGEA Administrator role at the Alimosho LGEA, working there.
      lgeaToken = (await workingAtAlimoshoLgea(w.api, w.admin1)).authorizationToken;
    });

    it("sees only the pupils of the LGEA's schools: in the register, its total, a text search and the summary", async () => {
      const alimosho = schoolId(ALIMOSHO);
      const theirs = await stored((s) => s.schoolId === alimosho && s.enrolmentStatus === "Enrolled");
      expect(theirs.length).toBeGreaterThan(0);
      expect(ids(await page({ limit: "1000" }, lgeaToken))).toEqual(ids(theirs));
      expect(await total({}, lgeaToken)).toBe(theirs.length);
      expect(await total({ "district[0]": w.d1 }, lgeaToken)).toBe(theirs.length);
      const ourOwn = await stored((s) => ours(s) && s.schoolId === alimosho);
      expect(ids(await page({ searchTerm: "register", enrolmentStatus: "all", limit: "1000" }, lgeaToken))).toEqual(ids(ourOwn));
      // Another LGEA's school, or its pupil's admission number, finds nobody.
      expect(await page({ school: schoolId(AGEGE) }, lgeaToken)).toEqual([]);
      expect(await total({ school: schoolId(AGEGE) }, lgeaToken)).toBe(0);
      const agegePupil = present((await stored((s) => ours(s) && s.schoolId === schoolId(AGEGE)))[0]);
      expect(await page({ searchTerm: agegePupil.admissionNumber, enrolmentStatus: "all" }, lgeaToken)).toEqual([]);

      const counted = await summary(lgeaToken);
      expect(counted.total).toBe(theirs.length);
      expect(counted.bySchool).toEqual([{ id: alimosho, name: ALIMOSHO, count: theirs.length }]);
      expect(counted.byLevel.reduce((sum, l) => sum + l.count, 0)).toBe(theirs.length);
      expect(counted.byLevel.map((l) => l.level)).toEqual(["Junior Secondary", "No class"]);
      await expectError(await w.api.call("GET", `/student/search?district[0]=${w.d2}`, { token: lgeaToken }), 404, authMessages.notFound);
    });
  });
});
