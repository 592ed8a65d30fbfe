// What the browser needs of this domain without zod (texts, lists, helpers); super-admin.ts re-exports it with the schemas.
import { tooLong } from "./messages";
import type { AccountStatus } from "./user";

/** Messages of the super-administration routes, shown to the user as they come. */
export const superAdminMessages = {
  requirementDeleted: "Requirement deleted",
  descriptionTooLong: tooLong(300),
  invalidId: "Not a valid id.",
  completedRequired: "Completed must be true or false.",
  accountStatusInvalid: "Account status must be Active, Unverified or Suspended.",
} as const;

/** The statuses a super administrator sets on a district (ResetPassword is a staff status only). */
export const districtAccountStatuses = ["Active", "Unverified", "Suspended"] as const satisfies readonly AccountStatus[];
export type DistrictAccountStatus = (typeof districtAccountStatuses)[number];
