import { useQuery } from "@tanstack/react-query";
import type { DashboardInformation } from "../contract/dashboard";
import { clientApi, districtApi } from "../client-api";

export const dashboardKeys = { information: (districtId: string) => ["dashboard", districtId] as const };
export const dashboardPath = (districtId: string) => `district/get-dashboard-information/${districtId}`;

export const useDashboardInformation = (districtId: string) =>
  useQuery({ queryKey: dashboardKeys.information(districtId), queryFn: () => clientApi<DashboardInformation>(districtApi(dashboardPath(districtId))) });
