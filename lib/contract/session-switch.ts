/**
 * Calls that change who or where the signed-in staff member works: switching organisation or district
 * (new tokens), authorising a super administrator, handing over the district's ownership right.
 */
import * as z from "zod/mini";
import type { SignedInUser } from "./user";
import { sessionSwitchMessages } from "./session-switch-values";

export * from "./session-switch-values";

/** POST /super-admin/switch-district. */
export const switchDistrictSchema = z.object({ districtId: z.uuid({ error: sessionSwitchMessages.chooseDistrict }) });
export type SwitchDistrict = z.input<typeof switchDistrictSchema>;

/** The BFF's POST /api/auth/switch-role-access: the role access (staff × organisation × role) to work in. */
export const switchRoleAccessSchema = z.object({ roleAccessId: z.uuid({ error: sessionSwitchMessages.chooseOrganization }) });

/** POST /staff/authorize-super-admin and POST /staff/transfer-right. */
export const staffTargetSchema = z.object({ staffId: z.uuid({ error: sessionSwitchMessages.chooseStaff }) });
export type StaffTarget = z.input<typeof staffTargetSchema>;

/** GET /staff/last-time-active: the caller's own, or another staff member's with staffId. */
export const lastTimeActiveQuerySchema = z.object({ staffId: z.optional(z.uuid({ error: sessionSwitchMessages.chooseStaff })) });
export type LastTimeActive = { staffId: string; lastTimeActive: string | null };

/** What the BFF hands the browser after a switch: the new user (never the tokens) and where to go. */
export type SwitchResult = { user: SignedInUser; redirectTo: string };
