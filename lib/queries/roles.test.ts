import { afterEach, describe, expect, it, vi } from "vitest";
import { permissionCalls, roleKeys } from "./roles";

afterEach(() => vi.unstubAllGlobals());

describe("permissions for display (spec §6)", () => {
  it("are fetched by the list of operations: POST permission/get-permissions-by-operations through the BFF", async () => {
    const sent: { url: string; method?: string; body: unknown }[] = [];
    const described = [{ operation: "school.view", name: "View schools", description: "See schools.", category: "Schools" }];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, method: init?.method, body: JSON.parse(String(init?.body)) });
        return new Response(JSON.stringify({ permissions: described }), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    expect(await permissionCalls.byOperations(["school.view", "staff.view"])).toEqual({ permissions: described });
    expect(sent).toEqual([
      { url: "/api/district/permission/get-permissions-by-operations", method: "POST", body: { operations: ["school.view", "staff.view"] } },
    ]);
  });

  it("are cached once per set of operations, whatever their order", () => {
    expect(roleKeys.permissionsOf(["staff.view", "school.view", "staff.view"])).toEqual(roleKeys.permissionsOf(["school.view", "staff.view"]));
    expect(roleKeys.permissionsOf(["school.view"])).not.toEqual(roleKeys.permissionsOf(["staff.view"]));
  });
});
