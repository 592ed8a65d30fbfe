import { NextResponse, type NextRequest } from "next/server";
import { errorJson, unreachableJson } from "@/lib/bff/json";
import { readCapped } from "@/lib/bff/read-capped";
import { callUpstream, clientIpOf } from "@/lib/bff/upstream";
import { authMessages, JSON_BODY_LIMIT_BYTES } from "@/lib/contract/messages";

/** What the billing API needs of the provider's request: the signature covers the body's bytes, as they are. */
const FORWARDED_HEADERS = ["content-type", "x-paystack-signature"];

/**
 * The payment provider's webhook (architecture 'Billing'): public, as the provider knows no session and sends
 * no Origin, so neither is asked for. The body's bytes go to the billing API's /wallet/webhook unchanged (never
 * parsed and re-serialised: the signature is over those bytes), which checks the signature and answers; its
 * status is passed back, so the provider retries what was not taken.
 */
export async function POST(request: NextRequest) {
  const bytes = await readCapped(request, JSON_BODY_LIMIT_BYTES);
  if (bytes === null) return errorJson(413, authMessages.bodyTooLarge, "too_large");
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const result = await callUpstream({ target: "billing", method: "POST", path: "wallet/webhook", headers, body: bytes, clientIp: clientIpOf(request.headers) });
  if (result.kind !== "answer") return unreachableJson(result.kind === "unreachable" ? result.reason : "unavailable");
  const upstream = result.response;
  return new NextResponse(await upstream.text(), {
    status: upstream.status,
    headers: { "content-type": upstream.headers.get("content-type") ?? "application/json", "cache-control": "no-store" },
  });
}
