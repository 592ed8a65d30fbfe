"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { toast } from "./notify";
import type { DistrictProfile } from "./contract/district";
import { districtKeys } from "./queries/district";

/**
 * After the district's profile, logo or images change: the notice, the new profile in the cache, and the
 * signed-in staff reloaded (spec §4) so the drawer's logo and the top bar's name show the change at once.
 */
export function useDistrictChanged() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(
    (notice: string, district: DistrictProfile) => {
      queryClient.setQueryData(districtKeys.profile(district.id), { district });
      toast.success(notice);
      router.refresh();
    },
    [queryClient, router],
  );
}
