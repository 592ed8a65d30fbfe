import { useQuery } from "@tanstack/react-query";
import type { StaffProfile } from "../contract/user";
import { clientApi, districtApi } from "../client-api";

export const staffKeys = { record: (id: string) => ["staff", "record", id] as const };
export const staffRecordPath = (id: string) => `staff/view-staff/${id}`;

/** GET /staff/view-staff/{id}: the record, read again after every change to it. */
export const useStaffRecord = (id: string) =>
  useQuery({ queryKey: staffKeys.record(id), queryFn: () => clientApi<{ staff: StaffProfile }>(districtApi(staffRecordPath(id))) });
