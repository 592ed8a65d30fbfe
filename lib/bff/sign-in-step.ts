import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { AuthResult } from "../contract/user";
import { secondFactorMessages, type SecondStep } from "../contract/second-factor";
import { env } from "../env";
import { landingPath, routes } from "../routes";
import { sealSession, sessionCookieName, sessionCookieOptions } from "../session";
import { errorJson } from "./json";
import { publicUser, sessionFrom } from "./upstream";

/**
 * Between the password and the code, the API's challenge waits in a cookie of its own: httpOnly, sent only to
 * the second step's handlers, gone after ten minutes. The session cookie is set only once tokens are issued.
 */
const STEP_PATH = "/api/auth/second-factor";
const STEP_COOKIE = "portal_sign_in_step";
const stepCookieOptions = (maxAge: number) => ({
  httpOnly: true,
  sameSite: "strict" as const,
  secure: env().PORTAL_URL?.startsWith("https:") ?? false,
  path: STEP_PATH,
  maxAge,
});

/** The pages of the second step (guest pages, under /login). */
const secondStepPages = { code: routes.signInCode, enrol: routes.signInEnrolment } as const;

/** The login's answer when the API asked for a second step: where to go, with the challenge kept in its cookie. */
export function secondStepJson(step: SecondStep, next?: string) {
  const page = secondStepPages[step.secondFactor];
  const redirectTo = next ? `${page}?next=${encodeURIComponent(next)}` : page;
  const response = NextResponse.json({ secondFactor: step.secondFactor, redirectTo });
  response.cookies.set(STEP_COOKIE, step.challenge, stepCookieOptions(600));
  return response;
}

/** The waiting challenge, or the answer to give when there is none (it expired, or the page was opened by hand). */
export function challengeOf(request: NextRequest): string | NextResponse {
  return request.cookies.get(STEP_COOKIE)?.value || errorJson(401, secondFactorMessages.signInExpired, "unauthenticated");
}

/** Tokens issued: the session cookie as after a password alone, the step's cookie gone. */
export async function signedInJson(result: AuthResult, next: string | undefined, extra: Record<string, unknown> = {}) {
  const response = NextResponse.json({ user: publicUser(result), redirectTo: landingPath(result.staff.isSuperAdmin, next), ...extra });
  response.cookies.set(sessionCookieName(), await sealSession(sessionFrom(result)), sessionCookieOptions());
  response.cookies.set(STEP_COOKIE, "", stepCookieOptions(0));
  return response;
}
