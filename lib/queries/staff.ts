import type { LastTimeActive } from "../contract/session-switch";
import type { StaffSearchResult } from "../contract/roles";
import type { StaffDetails, StaffUpdated } from "../contract/staff";
import type { StaffProfile } from "../contract/user";
import { clientApi, districtApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

export const staffKeys = {
  all: ["staff"] as const,
  record: (id: string) => ["staff", "record", id] as const,
  lastTimeActive: (staffId: string) => ["staff", "last-time-active", staffId] as const,
  search: (districtId: string, searchTerm: string, limit: number) => ["staff", "search", districtId, searchTerm, limit] as const,
};

export const staffReads = {
  /** GET /staff/view-staff/{id}: the record, read again after every change to it. */
  record: (id: string) => apiRead<{ staff: StaffProfile }>(staffKeys.record(id), `staff/view-staff/${id}`),
  lastTimeActive: (staffId: string) => apiRead<LastTimeActive>(staffKeys.lastTimeActive(staffId), `staff/last-time-active?${new URLSearchParams({ staffId })}`),
  /** The staff autocomplete (spec §7): the caller is listed too. */
  search: (districtId: string, searchTerm: string, limit: number) =>
    apiRead<{ foundStaffs: StaffSearchResult[] }>(
      staffKeys.search(districtId, searchTerm, limit),
      `staff/search?${new URLSearchParams({ "district[0]": districtId, searchTerm, limit: String(limit), includeLoggedInUser: "true" })}`,
    ),
};

export const useStaffRecord = (id: string) => useApiRead(staffReads.record(id));
export const useLastTimeActive = (staffId: string | null) => useApiRead(staffReads.lastTimeActive(staffId ?? ""), { enabled: Boolean(staffId) });

export const staffMutations = {
  update: (staff: Pick<StaffProfile, "id" | "version">, values: StaffDetails & { currentPassword?: string }) =>
    clientApi<StaffUpdated>(districtApi(`staff/update/${staff.id}`), { method: "PATCH", json: { ...values, version: staff.version } }),
  /** One's own new e-mail, with the code sent to it. */
  confirmEmailChange: (code: string) =>
    clientApi<{ staff: StaffProfile; message: string }>(districtApi("staff/confirm-email-change"), { method: "POST", json: { code } }),
  /** A cropped JPEG as the profile picture. */
  setProfilePicture: (staffId: string, picture: Blob) => {
    const form = new FormData();
    form.append("file", picture, "profile-picture.jpg");
    return clientApi<string>(districtApi(`staff/update-profile-picture/${staffId}`), { method: "PATCH", body: form });
  },
  transferRight: (staffId: string) => clientApi<{ message: string }>(districtApi("staff/transfer-right"), { method: "POST", json: { staffId } }),
  authorizeSuperAdmin: (staffId: string) => clientApi<{ message: string }>(districtApi("staff/authorize-super-admin"), { method: "POST", json: { staffId } }),
};
