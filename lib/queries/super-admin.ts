import type { DistrictAccountStatus, RequirementCreate, SuperAdminDistricts } from "../contract/super-admin";
import { clientApi, districtApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

export const superAdminKeys = { districts: ["super-admin", "districts"] as const };

export const superAdminReads = { districts: () => apiRead<SuperAdminDistricts>(superAdminKeys.districts, "super-admin/districts") };

export const useSuperAdminDistricts = () => useApiRead(superAdminReads.districts());

export const superAdminMutations = {
  setDistrictStatus: (districtId: string, accountStatus: DistrictAccountStatus) =>
    clientApi(districtApi(`super-admin/districts/${districtId}/account-status`), { method: "PATCH", json: { accountStatus } }),
  addRequirement: (body: RequirementCreate) => clientApi(districtApi("super-admin/requirements"), { method: "POST", json: body }),
  setRequirementCompleted: (id: string, completed: boolean) =>
    clientApi(districtApi(`super-admin/requirements/${id}`), { method: "PATCH", json: { completed } }),
  removeRequirement: (id: string) => clientApi(districtApi(`super-admin/requirements/${id}`), { method: "DELETE" }),
};
