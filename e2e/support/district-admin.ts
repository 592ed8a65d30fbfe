import { expect } from "@playwright/test";
import { districtApi } from "./fixtures";

/** Reads through the district API for arranging a test: ids of staff, roles and LGEAs by name. */
export async function apiJson<T>(token: string, path: string): Promise<T> {
  const response = await districtApi("GET", path, token);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return (await response.json()) as T;
}

export const me = (token: string) =>
  apiJson<{
    staff: { id: string; firstName: string; lastName: string; district: { id: string; name: string } };
    isDistrictOwner: boolean;
    currentOrganization: { id: string };
  }>(token, "/auth/me");

export async function staffIdByName(token: string, districtId: string, name: string) {
  const { foundStaffs } = await apiJson<{ foundStaffs: { id: string }[] }>(
    token,
    `/staff/search?district[0]=${districtId}&searchTerm=${encodeURIComponent(name)}&limit=2`,
  );
  expect(foundStaffs, `exactly one staff member named ${name}`).toHaveLength(1);
  return foundStaffs[0]?.id ?? "";
}

export async function roleIdByName(token: string, organizationId: string, name: string) {
  const { roles } = await apiJson<{ roles: { id: string; name: string }[] }>(token, `/role/get-roles-for-organization/${organizationId}`);
  const found = roles.find((r) => r.name === name);
  expect(found, `role ${name}`).toBeTruthy();
  return found?.id ?? "";
}

export async function lgeaIdByName(token: string, districtId: string, name: string) {
  const { lgeas } = await apiJson<{ lgeas: { id: string; name: string }[] }>(token, `/lgea/search?district[0]=${districtId}&limit=1000`);
  const found = lgeas.find((l) => l.name === name);
  expect(found, `LGEA ${name}`).toBeTruthy();
  return found?.id ?? "";
}
