import { useQuery } from "@tanstack/react-query";
import type { DistrictProfile } from "../contract/district";
import { clientApi, districtApi } from "../client-api";

export const districtKeys = { profile: (id: string) => ["district", "profile", id] as const };
export const districtProfilePath = (id: string) => `district/view/${id}`;

export const useDistrictProfile = (id: string) =>
  useQuery({ queryKey: districtKeys.profile(id), queryFn: () => clientApi<{ district: DistrictProfile }>(districtApi(districtProfilePath(id))) });
