import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { authMessages } from "../../lib/contract/messages";
import type { ServiceConfig } from "../config";
import type { Db } from "../db/client";
import { refreshToken, staff } from "../db/schema";
import { AppError } from "../http/errors";
import { hashToken, newRefreshToken, signAccessToken, successorOf } from "./tokens";
import { systemScope, within } from "../db/scope";

/** Crosses districts by design: a refresh token names its staff member before any scope exists. */
const system = systemScope("a refresh token names its staff member before any scope exists");

export type SessionScope = { staffId: string; districtId: string; organizationId: string };
export type IssuedTokens = { authorizationToken: string; refreshToken: string; accessTokenExpiresAt: number; scope: SessionScope };

const loggedOut = (message: string = authMessages.sessionExpired) => new AppError("logged_out", message);

async function accessTokenFor(config: ServiceConfig, scope: SessionScope, refresh: string, familyId: string): Promise<IssuedTokens> {
  const access = await signAccessToken(config, { ...scope, familyId });
  return { authorizationToken: access.token, refreshToken: refresh, accessTokenExpiresAt: access.expiresAt, scope };
}

/** A new session: a new refresh-token family. */
export async function startSession(db: Db, config: ServiceConfig, scope: SessionScope, familyId = randomUUID()): Promise<IssuedTokens> {
  const raw = newRefreshToken();
  await db.insert(refreshToken).values({
    familyId,
    staffId: scope.staffId,
    districtId: scope.districtId,
    organizationId: scope.organizationId,
    tokenHash: hashToken(raw),
    expiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return accessTokenFor(config, scope, raw, familyId);
}

/**
 * Rotation with reuse detection (RFC 9700 §4.14). A token is good once; presenting it again within
 * the grace window (concurrent tabs, several portal instances) returns the same successor, since the
 * successor is derived from it. Presenting it later means it was stolen or replayed: the whole family
 * is revoked and the caller is logged out.
 */
export async function rotateSession(db: Db, config: ServiceConfig, raw: string): Promise<IssuedTokens> {
  const [row] = await db
    .select()
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashToken(raw)));
  if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now()) throw loggedOut();

  const [owner] = await db
    .select({ status: staff.accountStatus })
    .from(staff)
    .where(and(eq(staff.id, row.staffId), within(system, staff)));
  if (!owner || owner.status !== "Active") {
    await revokeAllSessions(db, row.staffId);
    throw loggedOut(owner?.status === "Suspended" ? authMessages.accountSuspended : authMessages.sessionExpired);
  }

  const scope: SessionScope = { staffId: row.staffId, districtId: row.districtId, organizationId: row.organizationId };
  const successor = successorOf(config, raw);
  const rotatedNow = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(refreshToken)
      .set({ rotatedAt: new Date() })
      .where(and(eq(refreshToken.id, row.id), isNull(refreshToken.rotatedAt)))
      .returning({ id: refreshToken.id });
    if (claimed.length === 0) return false;
    await tx.insert(refreshToken).values({
      familyId: row.familyId,
      staffId: row.staffId,
      districtId: row.districtId,
      organizationId: row.organizationId,
      tokenHash: hashToken(successor),
      expiresAt: row.expiresAt, // a family lives no longer than its first token
    });
    return true;
  });
  if (rotatedNow) return accessTokenFor(config, scope, successor, row.familyId);

  // Already rotated: by a concurrent request of the same client (grace), or a replay (revoke).
  const [again] = await db.select({ rotatedAt: refreshToken.rotatedAt }).from(refreshToken).where(eq(refreshToken.id, row.id));
  const [next] = await db
    .select({ revokedAt: refreshToken.revokedAt })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashToken(successor)));
  const withinGrace = again?.rotatedAt && Date.now() - again.rotatedAt.getTime() <= config.REFRESH_GRACE_SECONDS * 1000;
  if (withinGrace && next && !next.revokedAt) return accessTokenFor(config, scope, successor, row.familyId);
  await revokeFamily(db, row.familyId);
  throw loggedOut();
}

export async function revokeFamily(db: Db, familyId: string) {
  await db
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}

/** True while the session (refresh-token family) has not been ended by logout, reuse, reset or suspension. */
export async function isSessionLive(db: Db, familyId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: refreshToken.id })
    .from(refreshToken)
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)))
    .limit(1);
  return Boolean(live);
}

/** After a password reset or a suspension: every session of that staff member ends. */
export async function revokeAllSessions(db: Db, staffId: string) {
  await db
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshToken.staffId, staffId), isNull(refreshToken.revokedAt)));
}

/** Logout: the family of the presented token ends; an unknown token is not an error. */
export async function endSession(db: Db, raw: string) {
  const [row] = await db
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashToken(raw)));
  if (row) await revokeFamily(db, row.familyId);
}
