import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LgeaPage } from "../../../lib/contract/lgea";
import { authMessages } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, randomId } from "../../test/helpers";

describe("GET /lgea/search", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
  });
  afterAll(() => api.close());

  const search = (token: string, query: string) => api.call("GET", `/lgea/search?${query}`, { token });

  it("lists the district's LGEAs by name, a page at a time", async () => {
    const all = await expectOk<LgeaPage>(await search(admin1.authorizationToken, `district[0]=${admin1.staff.district.id}&limit=1000&page=1`));
    expect(all.lgeas.map((l) => [l.name, l.localGovernment])).toEqual([
      ["Agege LGEA", "Agege"],
      ["Alimosho LGEA", "Alimosho"],
      ["Ifako-Ijaiye LGEA", "Ifako-Ijaiye"],
    ]);
    expect(all.total).toBe(3);
    const second = await expectOk<LgeaPage>(await search(admin1.authorizationToken, "limit=2&page=2"));
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2, lgeas: [{ name: "Ifako-Ijaiye LGEA" }] });
  });

  it("hides another district (404), needs lgea.view (403) and checks limit and page (400)", async () => {
    await expectError(await search(admin1.authorizationToken, `district[0]=${admin2.staff.district.id}`), 404, authMessages.notFound);
    await expectError(await search(admin1.authorizationToken, `district[0]=${randomId()}`), 404, authMessages.notFound);
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await search(teacher.authorizationToken, ""), 403, authMessages.forbidden);
    const bad = await expectError(
      await search(admin1.authorizationToken, "limit=0&page=0"),
      400,
      "Validation failed: Please ensure all fields are filled correctly.",
    );
    expect(bad.issues?.map((i) => i.message)).toEqual(["Limit must be a whole number from 1 to 1000.", "Page must be a whole number from 1."]);
  });
});
