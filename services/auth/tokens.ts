import { createHash, createHmac, randomBytes } from "node:crypto";
import { Jwt } from "hono/utils/jwt";
import { authMessages } from "../../lib/contract/messages";
import type { ServiceConfig } from "../config";
import { AppError } from "../http/errors";
import { signingKey } from "./signing-key";

/** sub: staff; did: district worked on; oid: organisation; fid: the session (refresh-token family), so logout ends the token too. */
export type AccessClaims = { sub: string; did: string; oid: string; fid: string; typ: "access"; iat: number; exp: number };

export async function signAccessToken(config: ServiceConfig, claims: { staffId: string; districtId: string; organizationId: string; familyId: string }) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + config.ACCESS_TOKEN_TTL_SECONDS;
  const payload: AccessClaims = { sub: claims.staffId, did: claims.districtId, oid: claims.organizationId, fid: claims.familyId, typ: "access", iat, exp };
  return { token: await Jwt.sign(payload, await signingKey(config.JWT_SECRET), "HS256"), expiresAt: exp * 1000 };
}

/**
 * 451 for an expired token (the client refreshes and retries), 401 for anything else wrong with it.
 * Hono checks `exp` before the signature, so expiry is checked here, after it: a forged token is 401 even when expired.
 */
export async function verifyAccessToken(config: ServiceConfig, token: string): Promise<AccessClaims> {
  let payload: Partial<AccessClaims>;
  try {
    payload = (await Jwt.verify(token, await signingKey(config.JWT_SECRET), { alg: "HS256", exp: false })) as Partial<AccessClaims>;
  } catch {
    throw new AppError("unauthenticated", authMessages.notSignedIn);
  }
  if (payload.typ !== "access" || !payload.sub || !payload.did || !payload.oid || !payload.fid || typeof payload.exp !== "number") {
    throw new AppError("unauthenticated", authMessages.notSignedIn);
  }
  if (payload.exp <= Math.floor(Date.now() / 1000)) throw new AppError("token_expired", authMessages.tokenExpired);
  return payload as AccessClaims;
}

/** Refresh tokens are random; only their SHA-256 is stored. */
export const newRefreshToken = () => randomBytes(32).toString("base64url");
export const hashToken = (raw: string) => createHash("sha256").update(raw).digest("hex");

/**
 * The successor of a refresh token is derived from it, not drawn at random: a client that presents the
 * same old token again within the grace window gets the very same new token back, with nothing secret
 * stored beyond hashes.
 */
export const successorOf = (config: ServiceConfig, raw: string) =>
  createHmac("sha256", `${config.JWT_SECRET}:refresh-successor`).update(raw).digest("base64url");
