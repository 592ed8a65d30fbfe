import { NextResponse, type NextRequest } from "next/server";
import * as z from "zod/mini";
import { loginFormSchema } from "@/lib/contract/auth";
import { upTo } from "@/lib/contract/fields";
import type { AuthResult } from "@/lib/contract/user";
import { callPublic, parseAuthRequest } from "@/lib/bff/public-call";
import { secondStepJson } from "@/lib/bff/sign-in-step";
import { secondFactorCodeField, type SecondStep } from "@/lib/contract/second-factor";
import { publicUser, sessionFrom } from "@/lib/bff/upstream";
import { landingPath } from "@/lib/routes";
import { sealSession, sessionCookieName, sessionCookieOptions } from "@/lib/session";

/** `code`: a script's one-call sign-in (the code beside the password); the pages send the code as the second step. */
const bodySchema = z.extend(loginFormSchema, { next: z.optional(upTo(2000)), code: z.optional(secondFactorCodeField) });

/** Signs in through the district API and keeps the tokens in the encrypted cookie; the browser gets the user only. */
export async function POST(request: NextRequest) {
  const body = await parseAuthRequest(request, bodySchema);
  if (body instanceof NextResponse) return body;
  const answer = await callPublic(request, "POST", "/auth/login", { identifier: body.email, password: body.password, code: body.code });
  if (answer instanceof NextResponse) return answer;
  if (answer.status !== 200) return NextResponse.json(answer.json, { status: answer.status });
  // A second factor to give (or to set up): no tokens yet, only the way to the next step.
  if ("secondFactor" in answer.json) return secondStepJson(answer.json as unknown as SecondStep, body.next);

  const result = answer.json as unknown as AuthResult;
  const response = NextResponse.json({ user: publicUser(result), redirectTo: landingPath(result.staff.isSuperAdmin, body.next) });
  response.cookies.set(sessionCookieName(), await sealSession(sessionFrom(result)), sessionCookieOptions());
  return response;
}
