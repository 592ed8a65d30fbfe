import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { authMessages } from "../../lib/contract/messages";
import { secondFactorMessages } from "../../lib/contract/second-factor";
import type { Db } from "../db/client";
import { district, roleAccess, staff, staffSecondFactor } from "../db/schema";
import type { Actor, ApiEnv } from "../http/context";
import { AppError } from "../http/errors";
import { organizationOf } from "./organizations";
import { loadPermissions } from "./permissions";
import { isSessionLive, revokeAllSessions } from "./sessions";
import { verifyAccessToken } from "./tokens";
import { systemScope, within } from "../db/scope";

/** Crosses districts by design: a token names its staff member before any scope exists. */
const system = systemScope("a token names its staff member before any scope exists");

const LAST_ACTIVE_RESOLUTION_MS = 60_000;

/** Bearer token → Actor. 401 without a valid token, 451 when it has expired, 452 when the account may no longer work. */
export async function authenticate(c: Context<ApiEnv>): Promise<Actor> {
  const { db, config } = c.get("deps");
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new AppError("unauthenticated", authMessages.notSignedIn);
  const claims = await verifyAccessToken(config, match[1]);

  const [row] = await db
    .select({
      id: staff.id,
      districtId: staff.districtId,
      accountStatus: staff.accountStatus,
      isSuperAdmin: staff.isSuperAdmin,
      lastActiveAt: staff.lastActiveAt,
      secondFactorOn: sql<boolean>`exists (select 1 from ${staffSecondFactor} where ${staffSecondFactor.staffId} = ${staff.id} and ${staffSecondFactor.enabledAt} is not null)`,
    })
    .from(staff)
    .where(and(eq(staff.id, claims.sub), within(system, staff)));
  if (!row) throw new AppError("logged_out", authMessages.sessionExpired);
  if (row.accountStatus === "Suspended") {
    await revokeAllSessions(db, row.id);
    throw new AppError("logged_out", authMessages.accountSuspended);
  }
  if (row.accountStatus !== "Active") throw new AppError("logged_out", authMessages.sessionExpired);
  // Access tokens are short-lived but not short enough to outlive a logout or a password reset.
  if (!(await isSessionLive(db, claims.fid))) throw new AppError("logged_out", authMessages.sessionExpired);

  // The district worked in, read once: its status, its owner, and (when working there) the organisation.
  const [worked] = await db
    .select({ id: district.id, accountStatus: district.accountStatus, ownerStaffId: district.ownerStaffId })
    .from(district)
    .where(and(eq(district.id, claims.did), within(system, district)));
  if (!worked) throw new AppError("logged_out", authMessages.sessionExpired);
  const organization = claims.oid === worked.id ? { type: "District" as const } : await organizationOf(db, claims.oid, claims.did);
  if (!organization) throw new AppError("logged_out", authMessages.sessionExpired);
  // The token's district and organisation, checked against the account as it is now: a demoted super
  // administrator, or a staff member whose role somewhere was taken away, does not keep working there.
  if (!row.isSuperAdmin && !(await mayWorkIn(db, row, claims.did, claims.oid))) throw new AppError("logged_out", authMessages.sessionExpired);

  if (!row.lastActiveAt || Date.now() - row.lastActiveAt.getTime() > LAST_ACTIVE_RESOLUTION_MS) {
    await db
      .update(staff)
      .set({ lastActiveAt: new Date() })
      .where(and(eq(staff.id, row.id), within(system, staff)));
  }
  const isDistrictOwner = worked.ownerStaffId === row.id;
  // Super administrators and district owners work only with a second factor: a session begun without one
  // (before it was required, before ownership passed to them, or before a reset) ends, and the sign-in
  // that follows asks them to set it up. The owner of a registration still under review (Unverified) can
  // only read the notice, correct and resend, or withdraw; they set it up at the first sign-in once approved.
  const ownerAtWork = isDistrictOwner && worked.accountStatus !== "Unverified";
  if ((row.isSuperAdmin || ownerAtWork) && !row.secondFactorOn) {
    await revokeAllSessions(db, row.id);
    throw new AppError("logged_out", secondFactorMessages.mustEnrol);
  }
  const who = { staffId: row.id, districtId: claims.did, organizationId: claims.oid, isSuperAdmin: row.isSuperAdmin, isDistrictOwner };
  return {
    ...who,
    sessionId: claims.fid,
    organizationType: organization.type,
    districtStatus: worked.accountStatus,
    permissions: await loadPermissions(db, who),
  };
}

/** District staff work in their own district: in the district itself, or in an LGEA or school where they hold a role. */
async function mayWorkIn(db: Db, row: { id: string; districtId: string }, districtId: string, organizationId: string): Promise<boolean> {
  if (districtId !== row.districtId) return false;
  if (organizationId === districtId) return true;
  const [held] = await db
    .select({ id: roleAccess.id })
    .from(roleAccess)
    .where(and(and(eq(roleAccess.staffId, row.id), eq(roleAccess.organizationId, organizationId)), within(system, roleAccess)))
    .limit(1);
  return Boolean(held);
}
