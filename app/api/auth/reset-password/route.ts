import { NextResponse, type NextRequest } from "next/server";
import { resetPasswordSchema } from "@/lib/contract/auth";
import { callPublic, parseAuthRequest } from "@/lib/bff/public-call";
import { clearedCookieOptions, sessionCookieName } from "@/lib/session";

/** Sets a new password with an e-mailed code; any session in this browser ends with it (spec §4). */
export async function POST(request: NextRequest) {
  const body = await parseAuthRequest(request, resetPasswordSchema);
  if (body instanceof NextResponse) return body;
  const answer = await callPublic(request, "PATCH", "/staff/reset-password", body);
  if (answer instanceof NextResponse) return answer;
  const response = NextResponse.json(answer.json, { status: answer.status });
  if (answer.status === 200) response.cookies.set(sessionCookieName(), "", clearedCookieOptions());
  return response;
}
