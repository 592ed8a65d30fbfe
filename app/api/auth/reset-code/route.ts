import { NextResponse, type NextRequest } from "next/server";
import { forgotPasswordSchema } from "@/lib/contract/auth";
import { callPublic, parseAuthRequest } from "@/lib/bff/public-call";

/** Asks the API to e-mail a reset code; answers `{ id, email, message }` whether or not the account exists. */
export async function POST(request: NextRequest) {
  const body = await parseAuthRequest(request, forgotPasswordSchema);
  if (body instanceof NextResponse) return body;
  const answer = await callPublic(request, "POST", `/reset-code/${encodeURIComponent(body.email)}`, undefined);
  if (answer instanceof NextResponse) return answer;
  return NextResponse.json(answer.json, { status: answer.status });
}
