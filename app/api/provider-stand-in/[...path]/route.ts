import { NextResponse, type NextRequest } from "next/server";
import { errorJson, unreachableJson } from "@/lib/bff/json";
import { isForeignMutation } from "@/lib/bff/origin";
import { standInIsOn } from "@/lib/bff/stand-in-mode";
import { callUpstream, clientIpOf } from "@/lib/bff/upstream";
import { authMessages } from "@/lib/contract/messages";
import { paymentReferencePattern } from "@/lib/contract/billing-values";

type Context = { params: Promise<{ path: string[] }> };

/**
 * The provider stand-in's test checkout, for the portal's checkout page (no PAYSTACK_SECRET_KEY): reading a test
 * payment (GET checkout/{reference}) and paying (with the fees on top or not), declining or abandoning it
 * (POST checkout/{reference}/pay|pay-with-fees|fail|abandon).
 * Nothing else of the stand-in is reachable from the browser (its initialise and verify calls are the billing API's).
 * Like the provider's own page it asks for no session; a change must come from a page of this portal. It answers 404
 * unless the billing API says its stand-in is on (never with a real key).
 */
async function handle(request: NextRequest, { params }: Context) {
  const segments = (await params).path;
  const [first, reference, action, ...rest] = segments;
  const valid =
    first === "checkout" &&
    reference !== undefined &&
    paymentReferencePattern.test(reference) &&
    rest.length === 0 &&
    (request.method === "GET" ? action === undefined : action === "pay" || action === "pay-with-fees" || action === "fail" || action === "abandon");
  // Open without a session, so open only while the billing API serves the stand-in (never with a live key).
  if (!valid || !(await standInIsOn())) return errorJson(404, "No such endpoint.", "not_found");
  if (isForeignMutation(request)) return errorJson(403, authMessages.foreignOrigin, "forbidden");
  const path = ["provider-stand-in", "checkout", reference, ...(action ? [action] : [])].map(encodeURIComponent).join("/");
  const result = await callUpstream({ target: "billing", method: request.method, path, clientIp: clientIpOf(request.headers) });
  if (result.kind !== "answer") return unreachableJson(result.kind === "unreachable" ? result.reason : "unavailable");
  const upstream = result.response;
  return new NextResponse(await upstream.text(), {
    status: upstream.status,
    headers: { "content-type": upstream.headers.get("content-type") ?? "application/json", "cache-control": "no-store" },
  });
}

export { handle as GET, handle as POST };
