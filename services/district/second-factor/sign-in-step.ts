import type { SecondStep } from "../../../lib/contract/second-factor";
import type { ServiceConfig } from "../../config";
import type { Db } from "../../db/client";
import { checkSecondFactor, secondFactorOn } from "../../auth/second-factor";
import { signChallenge, type Challenge } from "../../auth/second-factor-challenge";

/**
 * After a right password: the second step the sign-in still needs, or null when tokens may be issued. A code
 * that came with the password is checked (and counted) at once. An account that must have a second factor
 * and has none gets only an enrolment challenge, never tokens.
 */
export async function secondStepOf(
  db: Db,
  config: ServiceConfig,
  who: Challenge & { mustHave: boolean; ip: string },
  code: string | undefined,
): Promise<SecondStep | null> {
  const { mustHave, ip, ...challenge } = who;
  if (await secondFactorOn(db, who.staffId)) {
    if (code === undefined) return { secondFactor: "code", challenge: await signChallenge(config, "code", challenge) };
    await checkSecondFactor(db, config, { staffId: who.staffId, ip }, code, true);
    return null;
  }
  return mustHave ? { secondFactor: "enrol", challenge: await signChallenge(config, "enrol", challenge) } : null;
}
