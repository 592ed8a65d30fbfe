import type { SignedInUser, StateTerminologies } from "./contract/user";

/**
 * What a record's History panel needs of the signed-in user: the district worked in and the state's terms,
 * or null for those without audit.view (no panel). Record pages work it out on the server and pass it down.
 */
export type HistoryAccess = { districtId: string; terms: StateTerminologies } | null;

export function historyAccessOf(user: Pick<SignedInUser, "permissions" | "staff">): HistoryAccess {
  return user.permissions.includes("audit.view") ? { districtId: user.staff.district.id, terms: user.staff.stateDetails.stateTerminologies } : null;
}
