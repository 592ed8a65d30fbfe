import { NextResponse, type NextRequest } from "next/server";
import { forgotPasswordSchema } from "@/lib/contract/auth";
import { authMessages } from "@/lib/contract/messages";
import { errorJson, validationJson } from "@/lib/bff/json";
import { isForeignMutation } from "@/lib/bff/origin";
import { callPublic, readJsonBody } from "@/lib/bff/public-call";

/** Asks the API to e-mail a reset code; answers `{ id, email, message }` whether or not the account exists. */
export async function POST(request: NextRequest) {
  if (isForeignMutation(request)) return errorJson(403, authMessages.foreignOrigin, "forbidden");
  const raw = await readJsonBody(request);
  if (raw instanceof NextResponse) return raw;
  const parsed = forgotPasswordSchema.safeParse(raw);
  if (!parsed.success) return validationJson(parsed.error);
  const answer = await callPublic(request, "POST", `/reset-code/${encodeURIComponent(parsed.data.email)}`, undefined);
  if (answer instanceof NextResponse) return answer;
  return NextResponse.json(answer.json, { status: answer.status });
}
