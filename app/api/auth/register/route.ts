import { NextResponse, type NextRequest } from "next/server";
import { MAX_IMAGE_BYTES } from "@/lib/contract/images";
import { authMessages } from "@/lib/contract/messages";
import type { AuthResult } from "@/lib/contract/user";
import { errorJson, unreachableJson } from "@/lib/bff/json";
import { isForeignMutation } from "@/lib/bff/origin";
import { readCapped } from "@/lib/bff/read-capped";
import { callUpstream, clientIpOf, publicUser, sessionFrom } from "@/lib/bff/upstream";
import { routes } from "@/lib/routes";
import { sealSession, sessionCookieName, sessionCookieOptions } from "@/lib/session";

/** One logo and the form's JSON. */
const REGISTRATION_BODY_BYTES = MAX_IMAGE_BYTES + 256 * 1024;

/**
 * Sends a registration (a multipart form: the JSON of both steps and an optional logo) to the district
 * API as it came, and on success keeps the new administrator's tokens in the encrypted cookie, as a
 * sign-in does; the browser gets the user only.
 */
export async function POST(request: NextRequest) {
  if (isForeignMutation(request)) return errorJson(403, authMessages.foreignOrigin, "forbidden");
  const body = await readCapped(request, REGISTRATION_BODY_BYTES);
  if (body === null) return errorJson(413, authMessages.bodyTooLarge, "too_large");
  const headers = new Headers({ "content-type": request.headers.get("content-type") ?? "application/octet-stream" });
  const result = await callUpstream({ method: "POST", path: "/staff/register", clientIp: clientIpOf(request.headers), headers, body });
  if (result.kind !== "answer") return unreachableJson(result.kind === "unreachable" ? result.reason : "unavailable");
  const json = (await result.response.json().catch(() => ({ message: authMessages.internal }))) as Record<string, unknown>;
  if (result.response.status !== 201) return NextResponse.json(json, { status: result.response.status });

  const signedIn = json as unknown as AuthResult;
  const response = NextResponse.json({ user: publicUser(signedIn), redirectTo: routes.dashboard }, { status: 201 });
  response.cookies.set(sessionCookieName(), await sealSession(sessionFrom(signedIn)), sessionCookieOptions());
  return response;
}
