import { NextResponse, type NextRequest } from "next/server";
import { resetPasswordSchema } from "@/lib/contract/auth";
import { authMessages } from "@/lib/contract/messages";
import { errorJson, validationJson } from "@/lib/bff/json";
import { isForeignMutation } from "@/lib/bff/origin";
import { callPublic, readJsonBody } from "@/lib/bff/public-call";
import { clearedCookieOptions, SESSION_COOKIE } from "@/lib/session";

/** Sets a new password with an e-mailed code; any session in this browser ends with it (spec §4). */
export async function POST(request: NextRequest) {
  if (isForeignMutation(request)) return errorJson(403, authMessages.foreignOrigin, "forbidden");
  const raw = await readJsonBody(request);
  if (raw instanceof NextResponse) return raw;
  const parsed = resetPasswordSchema.safeParse(raw);
  if (!parsed.success) return validationJson(parsed.error);
  const answer = await callPublic(request, "PATCH", "/staff/reset-password", parsed.data);
  if (answer instanceof NextResponse) return answer;
  const response = NextResponse.json(answer.json, { status: answer.status });
  if (answer.status === 200) response.cookies.set(SESSION_COOKIE, "", clearedCookieOptions());
  return response;
}
