import { useQuery } from "@tanstack/react-query";
import type { SuperAdminDistricts } from "../contract/super-admin";
import { clientApi, districtApi } from "../client-api";

export const superAdminKeys = { districts: ["super-admin", "districts"] as const };

export const useSuperAdminDistricts = () =>
  useQuery({ queryKey: superAdminKeys.districts, queryFn: () => clientApi<SuperAdminDistricts>(districtApi("super-admin/districts")) });
