import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { loginFormSchema } from "@/lib/contract/auth";
import { authMessages } from "@/lib/contract/messages";
import type { AuthResult } from "@/lib/contract/user";
import { errorJson, validationJson } from "@/lib/bff/json";
import { isForeignMutation } from "@/lib/bff/origin";
import { callPublic, readJsonBody } from "@/lib/bff/public-call";
import { publicUser, sessionFrom } from "@/lib/bff/upstream";
import { landingPath } from "@/lib/routes";
import { sealSession, SESSION_COOKIE, sessionCookieOptions } from "@/lib/session";

const bodySchema = loginFormSchema.extend({ next: z.string().max(2000).optional() });

/** Signs in through the district API and keeps the tokens in the encrypted cookie; the browser gets the user only. */
export async function POST(request: NextRequest) {
  if (isForeignMutation(request)) return errorJson(403, authMessages.foreignOrigin, "forbidden");
  const raw = await readJsonBody(request);
  if (raw instanceof NextResponse) return raw;
  const parsed = bodySchema.safeParse(raw);
  if (!parsed.success) return validationJson(parsed.error);
  const answer = await callPublic(request, "POST", "/auth/login", { identifier: parsed.data.email, password: parsed.data.password });
  if (answer instanceof NextResponse) return answer;
  if (answer.status !== 200) return NextResponse.json(answer.json, { status: answer.status });

  const result = answer.json as unknown as AuthResult;
  const response = NextResponse.json({ user: publicUser(result), redirectTo: landingPath(result.staff.isSuperAdmin, parsed.data.next) });
  response.cookies.set(SESSION_COOKIE, await sealSession(sessionFrom(result)), sessionCookieOptions());
  return response;
}
