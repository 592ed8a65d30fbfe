import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardInformation } from "../../../lib/contract/dashboard";
import { authMessages } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, randomId } from "../../test/helpers";

describe("GET /district/get-dashboard-information/{id}", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
  });
  afterAll(() => api.close());

  const get = (token: string, id: string) => api.call("GET", `/district/get-dashboard-information/${id}`, { token });

  it("counts the seeded district: schools, LGEAs, staff by type, students by gender and per LGEA", async () => {
    const info = await expectOk<DashboardInformation>(await get(admin1.authorizationToken, admin1.staff.district.id));
    // Seed: 3 schools in 3 LGEAs; the administrator and 8 staff (6 teaching), the super administrator not counted;
    // 12, 16 and 20 students in the three schools, alternately female and male; 3 + 3 + 6 classes
    // (senior, junior and primary school).
    expect(info).toEqual({
      schools: 3,
      lgeas: 3,
      classes: 12,
      staff: { total: 9, teaching: 6, nonTeaching: 3 },
      students: { total: 48, male: 24, female: 24 },
      studentsPerLgea: [
        { lgea: "Ifako-Ijaiye LGEA", students: 20 },
        { lgea: "Alimosho LGEA", students: 16 },
        { lgea: "Agege LGEA", students: 12 },
      ],
    });
  });

  it("answers 404 for another district or an unknown one, 403 without district.view, 401 without a token, 400 for a bad id", async () => {
    await expectError(await get(admin1.authorizationToken, admin2.staff.district.id), 404, authMessages.notFound);
    await expectError(await get(admin1.authorizationToken, randomId()), 404, authMessages.notFound);
    const teacher = await api.login("emeka.eze@example.org", demoPasswords.staff);
    await expectError(await get(teacher.authorizationToken, admin1.staff.district.id), 403, authMessages.forbidden);
    await expectError(await api.call("GET", `/district/get-dashboard-information/${admin1.staff.district.id}`), 401, authMessages.notSignedIn);
    expect((await get(admin1.authorizationToken, "not-a-uuid")).status).toBe(400);
  });

  it("lets a super administrator read any district", async () => {
    const superAdmin = await api.loginSuperAdmin();
    const info = await expectOk<DashboardInformation>(await get(superAdmin.authorizationToken, admin2.staff.district.id));
    expect(info.schools).toBe(3);
  });
});
