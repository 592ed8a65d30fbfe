import type { Operation } from "../../lib/contract/permissions";
import type { Actor } from "./context";
import { forbidden, notFound } from "./errors";

/**
 * What a route requires. Every route declares one; the route walk test fails a route without it.
 * - public: no token (sign-in, reset, reference data, health)
 * - signedIn: any signed-in staff, for their own data (their profile, availability checks)
 * - operation: a permission from the catalogue, checked against the caller's roles on every request
 * - superAdmin: super administrators only
 */
export type Access = { kind: "public" } | { kind: "signedIn" } | { kind: "operation"; operation: Operation } | { kind: "superAdmin" };

export const publicAccess: Access = { kind: "public" };
export const signedIn: Access = { kind: "signedIn" };
export const superAdminOnly: Access = { kind: "superAdmin" };
export const requires = (operation: Operation): Access => ({ kind: "operation", operation });

export function checkAccess(actor: Actor, access: Access): void {
  if (access.kind === "superAdmin" && !actor.isSuperAdmin) throw forbidden();
  if (access.kind === "operation" && !actor.isSuperAdmin && !actor.permissions.has(access.operation)) throw forbidden();
}

/** A record of another district is invisible: 404, not 403, so ids cannot be probed. Super administrators see all. */
export function assertSameDistrict(actor: Actor, districtId: string | null | undefined): void {
  if (!districtId || (districtId !== actor.districtId && !actor.isSuperAdmin)) throw notFound();
}
