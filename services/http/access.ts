import { districtStatusRefusal } from "../../lib/contract/messages";
import type { Operation } from "../../lib/contract/permissions";
import type { Actor } from "./context";
import { AppError, forbidden } from "./errors";

/**
 * What a route requires. Every route declares one; the route walk test fails a route without it.
 * - public: no token (sign-in, reset, reference data, health)
 * - signedIn: any signed-in staff, for their own data (their profile, availability checks)
 * - operation: a permission from the catalogue, checked against the caller's roles on every request (with
 *   `or`, any one of several)
 * - ownRecordOr: the caller's own staff record (named by a path parameter or a query field; its absence
 *   means their own) without a permission, anyone else's with the operation
 * - districtOwner: the owner of the district worked in, or a super administrator: a right that belongs to
 *   a person, not a role (`refusal` says so to anyone else)
 * - superAdmin: super administrators only
 * - apiKey: no staff token: a result-processing system's API key (the `x-api-key` header), which names its
 *   client and so its district; the route works in that district only (services/auth/api-key.ts)
 */
export type Access =
  | { kind: "public" }
  | { kind: "signedIn" }
  | { kind: "operation"; operation: Operation; or?: readonly Operation[] }
  | { kind: "ownRecordOr"; operation: Operation; staffId: { param: string } | { query: string } }
  | { kind: "districtOwner"; refusal: string }
  | { kind: "superAdmin" }
  | { kind: "apiKey" };

export const publicAccess: Access = { kind: "public" };
export const signedIn: Access = { kind: "signedIn" };
export const superAdminOnly: Access = { kind: "superAdmin" };
export const apiKeyAccess: Access = { kind: "apiKey" };
export const districtOwnerOnly = (refusal: string): Access => ({ kind: "districtOwner", refusal });
export const requires = (operation: Operation): Access => ({ kind: "operation", operation });
/** Any one of the operations. */
export const requiresAny = (operation: Operation, ...or: Operation[]): Access => ({ kind: "operation", operation, or });
/** One's own record by `:param` (or `?query=`), another's with the operation. */
export const ownRecordOr = (operation: Operation, staffId: { param: string } | { query: string }): Access => ({ kind: "ownRecordOr", operation, staffId });

type RequestInput = { params: Record<string, string>; query: Record<string, unknown> };

/** Whether the request names the caller's own staff record (or none, which means their own). */
function namesOwnRecord(actor: Actor, staffId: { param: string } | { query: string }, input: RequestInput): boolean {
  const named = "param" in staffId ? input.params[staffId.param] : input.query[staffId.query];
  return named === undefined || named === actor.staffId;
}

/**
 * Staff of a district that is not Active (Unverified, Suspended) reach only the routes the shell needs,
 * and on own-record routes only their own record; super administrators are not held back.
 */
export function checkDistrictActive(actor: Actor, route: { access: Access; shell?: true }, input: RequestInput): void {
  if (actor.isSuperAdmin || actor.districtStatus === "Active") return;
  const open = route.shell === true && (route.access.kind !== "ownRecordOr" || namesOwnRecord(actor, route.access.staffId, input));
  if (!open) throw new AppError("forbidden", districtStatusRefusal(actor.districtStatus));
}

const holds = (actor: Actor, operation: Operation) => actor.isSuperAdmin || actor.permissions.has(operation);

/**
 * Checked before the handler runs. `input` is the request's path parameters and query, for the
 * access kinds that depend on which record is asked for.
 */
export function checkAccess(actor: Actor, access: Access, input: RequestInput): void {
  if (access.kind === "superAdmin" && !actor.isSuperAdmin) throw forbidden();
  if (access.kind === "operation" && !holds(actor, access.operation) && !(access.or ?? []).some((op) => holds(actor, op))) throw forbidden();
  if (access.kind === "districtOwner" && !actor.isSuperAdmin && !actor.isDistrictOwner) throw new AppError("forbidden", access.refusal);
  if (access.kind === "ownRecordOr" && !namesOwnRecord(actor, access.staffId, input) && !holds(actor, access.operation)) throw forbidden();
}
