import * as z from "zod/mini";
import { nameWithin } from "./fields";
import { fieldMessages } from "./messages";
import type { AccountStatus } from "./user";
import { districtAccountStatuses, superAdminMessages } from "./super-admin-values";

export * from "./super-admin-values";

/** POST /super-admin/requirements. Without districtId (or with null) the requirement is the state's, for all its districts. */
export const requirementCreateSchema = z.object({
  stateId: z.uuid({ error: fieldMessages.stateRequired }),
  districtId: z.optional(z.nullable(z.uuid({ error: superAdminMessages.invalidId }))),
  // An empty description gets only 'required', not 'too short' as well.
  description: nameWithin(300),
});
export type RequirementCreate = z.input<typeof requirementCreateSchema>;

/** PATCH /super-admin/requirements/{id}. */
export const requirementCompletionSchema = z.object({ completed: z.boolean({ error: superAdminMessages.completedRequired }) });
export type RequirementCompletion = z.input<typeof requirementCompletionSchema>;

/** PATCH /super-admin/districts/{id}/account-status. */
export const districtAccountStatusSchema = z.object({ accountStatus: z.enum(districtAccountStatuses, { error: superAdminMessages.accountStatusInvalid }) });
export type DistrictAccountStatusUpdate = z.input<typeof districtAccountStatusSchema>;

/** One line of a requirements checklist, as listed under a district. */
export type RequirementItem = { id: string; description: string; completed: boolean };

/** A requirement as created and updated; districtId null = a state requirement (applies to every district of the state). */
export type Requirement = { id: string; stateId: string; districtId: string | null; description: string; completed: boolean };

export type SuperAdminDistrict = {
  id: string;
  name: string;
  accountStatus: AccountStatus;
  state: { id: string; name: string };
  /** state: the state's requirements (shared by all its districts); district: this district's own. Oldest first. */
  requirements: { state: RequirementItem[]; district: RequirementItem[] };
};

/** GET /super-admin/districts: every district, by state name then district name. */
export type SuperAdminDistricts = { districts: SuperAdminDistrict[] };

/** POST (201) and PATCH /super-admin/requirements. */
export type RequirementResult = { requirement: Requirement };

/** DELETE /super-admin/requirements/{id}. */
export type RequirementDeleted = { message: string };

/** PATCH /super-admin/districts/{id}/account-status. */
export type DistrictStatusResult = { district: { id: string; name: string; accountStatus: AccountStatus } };
