import type { AuthResult } from "../../lib/contract/user";
import type { SecondStep } from "../../lib/contract/second-factor";
import { totpCode } from "../auth/totp";
import { demoSecondFactorSecret } from "../db/demo-data";

type Call = (method: string, path: string, options: { body?: unknown }) => Response | Promise<Response>;

/**
 * Sign-in as the tests use it: the password, then the second step where the account has one: a code of the
 * demo's published secret (its super administrator and owners), or of the secret this helper enrolled an
 * account with when the account had to set one up (a new owner, a promoted super administrator).
 */
export function signInThrough(call: Call) {
  const secrets = new Map<string, string>();
  const json = async (response: Response, what: string) => {
    if (response.status !== 200) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as unknown;
  };
  return async (identifier: string, password: string): Promise<AuthResult> => {
    const key = identifier.trim().toLowerCase();
    const first = (await json(await call("POST", "/auth/login", { body: { identifier, password } }), `login of ${identifier}`)) as AuthResult | SecondStep;
    if (!("secondFactor" in first)) return first;
    const { challenge } = first;
    if (first.secondFactor === "code") {
      const code = totpCode(secrets.get(key) ?? demoSecondFactorSecret);
      return (await json(await call("POST", "/auth/second-factor", { body: { challenge, code } }), `second step of ${identifier}`)) as AuthResult;
    }
    const { secret } = (await json(await call("POST", "/auth/second-factor/enrolment", { body: { challenge } }), `enrolment of ${identifier}`)) as {
      secret: string;
    };
    const code = totpCode(secret);
    const result = (await json(
      await call("POST", "/auth/second-factor/enrolment/confirm", { body: { challenge, code } }),
      `enrolment of ${identifier}`,
    )) as AuthResult;
    for (const name of [key, result.staff.email, result.staff.username]) if (name) secrets.set(name.toLowerCase(), secret);
    return result;
  };
}

/** The code of the demo's published secret for now: for a login body sent without the helper (`code` beside the password). */
export const demoCode = () => totpCode(demoSecondFactorSecret);
