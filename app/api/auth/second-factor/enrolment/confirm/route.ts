import { NextResponse, type NextRequest } from "next/server";
import * as z from "zod/mini";
import { upTo } from "@/lib/contract/fields";
import { appCodeFormSchema } from "@/lib/contract/second-factor";
import type { AuthResult } from "@/lib/contract/user";
import { callPublic, parseAuthRequest } from "@/lib/bff/public-call";
import { challengeOf, signedInJson } from "@/lib/bff/sign-in-step";

const bodySchema = z.extend(appCodeFormSchema, { next: z.optional(upTo(2000)) });

/** The app's first code turns the second factor on and finishes the sign-in; the recovery codes come back once. */
export async function POST(request: NextRequest) {
  const body = await parseAuthRequest(request, bodySchema);
  if (body instanceof NextResponse) return body;
  const challenge = challengeOf(request);
  if (challenge instanceof NextResponse) return challenge;
  const answer = await callPublic(request, "POST", "/auth/second-factor/enrolment/confirm", { challenge, code: body.code });
  if (answer instanceof NextResponse) return answer;
  if (answer.status !== 200) return NextResponse.json(answer.json, { status: answer.status });
  const { recoveryCodes, ...result } = answer.json as unknown as AuthResult & { recoveryCodes: string[] };
  return signedInJson(result as AuthResult, body.next, { recoveryCodes });
}
