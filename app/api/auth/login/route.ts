import { NextResponse, type NextRequest } from "next/server";
import * as z from "zod/mini";
import { loginFormSchema } from "@/lib/contract/auth";
import { upTo } from "@/lib/contract/fields";
import type { AuthResult } from "@/lib/contract/user";
import { callPublic, parseAuthRequest } from "@/lib/bff/public-call";
import { publicUser, sessionFrom } from "@/lib/bff/upstream";
import { landingPath } from "@/lib/routes";
import { sealSession, sessionCookieName, sessionCookieOptions } from "@/lib/session";

const bodySchema = z.extend(loginFormSchema, { next: z.optional(upTo(2000)) });

/** Signs in through the district API and keeps the tokens in the encrypted cookie; the browser gets the user only. */
export async function POST(request: NextRequest) {
  const body = await parseAuthRequest(request, bodySchema);
  if (body instanceof NextResponse) return body;
  const answer = await callPublic(request, "POST", "/auth/login", { identifier: body.email, password: body.password });
  if (answer instanceof NextResponse) return answer;
  if (answer.status !== 200) return NextResponse.json(answer.json, { status: answer.status });

  const result = answer.json as unknown as AuthResult;
  const response = NextResponse.json({ user: publicUser(result), redirectTo: landingPath(result.staff.isSuperAdmin, body.next) });
  response.cookies.set(sessionCookieName(), await sealSession(sessionFrom(result)), sessionCookieOptions());
  return response;
}
