import "server-only";
import { NextResponse } from "next/server";
import { authMessages } from "../contract/messages";
import type * as z from "zod/mini";
import { errorJson, unreachableJson, validationJson } from "./json";
import { readCapped } from "./read-capped";
import { isForeignMutation } from "./origin";
import { callUpstream, clientIpOf } from "./upstream";

/** A call to one of the API's public auth endpoints, with the client address the rate limits need. */
export async function callPublic(
  request: Request,
  method: string,
  path: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> } | NextResponse> {
  const result = await callUpstream({ method, path, clientIp: clientIpOf(request.headers), json: body });
  if (result.kind !== "answer") return unreachableJson(result.kind === "unreachable" ? result.reason : "unavailable");
  const json = (await result.response.json().catch(() => ({ message: authMessages.internal }))) as Record<string, unknown>;
  return { status: result.response.status, json };
}

/** The largest body a public call takes: its JSON is a few fields. */
const PUBLIC_BODY_BYTES = 100_000;

/** Reads a JSON body with a byte cap: 413 past it, 400 for anything that is not a JSON object. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown> | NextResponse> {
  const bytes = await readCapped(request, PUBLIC_BODY_BYTES);
  if (bytes === null) return errorJson(413, authMessages.bodyTooLarge, "too_large");
  try {
    const value: unknown = JSON.parse(Buffer.from(bytes).toString("utf8"));
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  return errorJson(400, authMessages.malformedJson, "bad_request");
}

/** The BFF auth handlers' common start: refuse a foreign origin, read the JSON body, validate it. */
export async function parseAuthRequest<S extends z.ZodMiniType>(request: Request, schema: S): Promise<z.output<S> | NextResponse> {
  if (isForeignMutation(request)) return errorJson(403, authMessages.foreignOrigin, "forbidden");
  const raw = await readJsonBody(request);
  if (raw instanceof NextResponse) return raw;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : validationJson(parsed.error);
}
