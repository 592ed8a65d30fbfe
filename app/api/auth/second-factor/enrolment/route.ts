import { NextResponse, type NextRequest } from "next/server";
import * as z from "zod/mini";
import { callPublic, parseAuthRequest } from "@/lib/bff/public-call";
import { challengeOf } from "@/lib/bff/sign-in-step";

/** Enrolment at sign-in (super administrators and district owners without a second factor): a new secret and its QR code. */
export async function POST(request: NextRequest) {
  const body = await parseAuthRequest(request, z.object({}));
  if (body instanceof NextResponse) return body;
  const challenge = challengeOf(request);
  if (challenge instanceof NextResponse) return challenge;
  const answer = await callPublic(request, "POST", "/auth/second-factor/enrolment", { challenge });
  if (answer instanceof NextResponse) return answer;
  return NextResponse.json(answer.json, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
