import type { APIRequestContext } from "@playwright/test";
import { totpCode } from "../../services/auth/totp";

/**
 * The second step of sign-in for the suite: the code an authenticator app would show, computed from the
 * account's secret (the demo's published one, or E2E_<NAME>_TOTP_SECRET for a deployment's accounts).
 */
export const codeFor = (secret: string | undefined) => (secret ? totpCode(secret) : undefined);

/**
 * After POST /api/auth/login: where the portal sends the browser. When the login asked for a code, the code
 * is sent (the step's cookie rides in `request`), and the answer is where the code sends it.
 */
export async function finishSignIn(
  request: APIRequestContext,
  answer: { secondFactor?: "code" | "enrol"; redirectTo: string },
  account: { email: string; totpSecret?: string },
  options: { next?: string; headers?: Record<string, string>; portal?: string } = {},
): Promise<string> {
  if (!answer.secondFactor) return answer.redirectTo;
  const code = codeFor(account.totpSecret);
  if (answer.secondFactor !== "code" || !code)
    throw new Error(`sign-in of ${account.email} needs ${answer.secondFactor === "code" ? "its two-step secret" : "enrolment"}`);
  const response = await request.post(`${options.portal ?? ""}/api/auth/second-factor`, { data: { code, next: options.next }, headers: options.headers });
  if (!response.ok()) throw new Error(`second step of ${account.email} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { redirectTo: string }).redirectTo;
}
