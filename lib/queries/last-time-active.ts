import { useQuery } from "@tanstack/react-query";
import type { LastTimeActive } from "../contract/session-switch";
import { clientApi, districtApi } from "../client-api";

export const lastTimeActiveKey = (staffId: string) => ["staff", "last-time-active", staffId] as const;

export const useLastTimeActive = (staffId: string | null) =>
  useQuery({
    queryKey: lastTimeActiveKey(staffId ?? ""),
    queryFn: () => clientApi<LastTimeActive>(districtApi(`staff/last-time-active?${new URLSearchParams({ staffId: staffId ?? "" })}`)),
    enabled: Boolean(staffId),
  });
