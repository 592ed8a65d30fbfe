// What the browser needs of staff transfers without zod (texts, limits); staff-transfers.ts re-exports it with the schemas.
import { successNotices } from "./notices";
import { staffMessages } from "./staff-values";

/** The most staff one transfer moves: the register's whole page of 1000 (spec §9) in one batch. */
export const MAX_STAFF_PER_TRANSFER = 1000;
export const TRANSFER_REASON_MAX = 500;
/** How many moves each batch of the transfer list shows before its link to the whole batch. */
export const TRANSFER_MOVES_SHOWN = 3;

/** Where a transfer posts staff (architecture 'Staff'): a school, an LGEA office, or the district office. */
export const transferDestinationKinds = ["school", "lgea", "district"] as const;
export type TransferDestinationKind = (typeof transferDestinationKinds)[number];

/** "A", "A and B", "A, B and C", "A, B, C and 2 others": a list of names that stays one readable line. */
function namesInProse(names: readonly string[], shown = 3): string {
  if (names.length <= 1) return names.join("");
  const others = names.length - shown;
  const head = others > 0 ? names.slice(0, shown) : names.slice(0, -1);
  const last = others > 0 ? (others === 1 ? "1 other" : `${others} others`) : names.at(-1);
  return `${head.join(", ")} and ${last}`;
}

export const staffTransferMessages = {
  selectionEmpty: "Select at least one staff member to transfer.",
  selectionTooLarge: `Transfer at most ${MAX_STAFF_PER_TRANSFER} staff members at a time.`,
  selectionRepeats: "A staff member is selected more than once.",
  staffInvalid: "Not a valid staff member.",
  destinationRequired: "Choose where the staff are going: a school, an LGEA office or the district office.",
  schoolRequired: "Choose a school.",
  lgeaRequired: "Choose an LGEA office.",
  dateRequired: "Choose the date the transfer takes effect.",
  dateInvalid: staffMessages.dateInvalid,
  dateInPast: "The transfer cannot take effect before today.",
  reasonRequired: "Give the reason for the transfer.",
  startAfterEnd: "The start date must not be after the end date.",
  limitRange: "Limit must be a whole number from 1 to 100.",
  pageRange: "Page must be a whole number from 1.",
  /** Staff working for an LGEA or a school reach only its postings; the district office is above them. */
  districtOfficeOutOfReach: "Only staff working at district level can post someone to the district office.",
  /** Per staff member, on the review screen and in the transfer's issues. */
  alreadyThere: (name: string) => `${name} is already posted there.`,
  /** The transfer's refusal: every staff member already at the destination, named. */
  alreadyThereAll: (names: readonly string[]) => `${namesInProse(names)} ${names.length === 1 ? "is" : "are"} already posted there.`,
  /** Who a batch was made by when that person is no staff member of the district: a super administrator. */
  superAdministrator: "A super administrator",
  transferred: successNotices.staffTransferred,
} as const;
