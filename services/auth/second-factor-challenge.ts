import { Jwt } from "hono/utils/jwt";
import { secondFactorMessages } from "../../lib/contract/second-factor";
import type { ServiceConfig } from "../config";
import { AppError } from "../http/errors";
import type { SessionScope } from "./sessions";
import { signingKey } from "./signing-key";

/**
 * The proof, between the password and the code, that the password was right: signed with the tokens' key,
 * its own type (never taken for an access token), good for ten minutes. It carries where the session will
 * work and the name an authenticator app shows for the account.
 */
const LIFETIME_SECONDS = 600;

export type ChallengeStep = "code" | "enrol";
type ChallengeClaims = { sub: string; did: string; oid: string; lbl: string; step: ChallengeStep; typ: "second-factor"; iat: number; exp: number };
export type Challenge = SessionScope & { label: string };

export async function signChallenge(config: ServiceConfig, step: ChallengeStep, who: Challenge): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const claims: ChallengeClaims = {
    sub: who.staffId,
    did: who.districtId,
    oid: who.organizationId,
    lbl: who.label,
    step,
    typ: "second-factor",
    iat,
    exp: iat + LIFETIME_SECONDS,
  };
  return Jwt.sign(claims, await signingKey(config.JWT_SECRET), "HS256");
}

/** The challenge's sign-in, or 401 when it is not one of ours, is for the other step, or has expired. */
export async function verifyChallenge(config: ServiceConfig, token: string, step: ChallengeStep): Promise<Challenge> {
  const expired = new AppError("unauthenticated", secondFactorMessages.signInExpired);
  let claims: Partial<ChallengeClaims>;
  try {
    claims = (await Jwt.verify(token, await signingKey(config.JWT_SECRET), "HS256")) as Partial<ChallengeClaims>;
  } catch {
    throw expired;
  }
  if (claims.typ !== "second-factor" || claims.step !== step || !claims.sub || !claims.did || !claims.oid) throw expired;
  return { staffId: claims.sub, districtId: claims.did, organizationId: claims.oid, label: claims.lbl ?? "" };
}
