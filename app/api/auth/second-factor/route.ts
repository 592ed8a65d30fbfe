import { NextResponse, type NextRequest } from "next/server";
import * as z from "zod/mini";
import { upTo } from "@/lib/contract/fields";
import { codeFormSchema } from "@/lib/contract/second-factor";
import type { AuthResult } from "@/lib/contract/user";
import { callPublic, parseAuthRequest } from "@/lib/bff/public-call";
import { challengeOf, signedInJson } from "@/lib/bff/sign-in-step";

const bodySchema = z.extend(codeFormSchema, { next: z.optional(upTo(2000)) });

/** The second step of a sign-in: the code (or a recovery code) with the challenge the login left in its cookie. */
export async function POST(request: NextRequest) {
  const body = await parseAuthRequest(request, bodySchema);
  if (body instanceof NextResponse) return body;
  const challenge = challengeOf(request);
  if (challenge instanceof NextResponse) return challenge;
  const answer = await callPublic(request, "POST", "/auth/second-factor", { challenge, code: body.code });
  if (answer instanceof NextResponse) return answer;
  if (answer.status !== 200) return NextResponse.json(answer.json, { status: answer.status });
  return signedInJson(answer.json as unknown as AuthResult, body.next);
}
