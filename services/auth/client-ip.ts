import { timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

export const INTERNAL_SECRET_HEADER = "x-portal-internal-secret";
export const CLIENT_IP_HEADER = "x-portal-client-ip";
export const PRIORITY_HEADER = "x-portal-priority";

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The address rate limits count against. The BFF forwards the browser's address; we believe it only
 * when the request also carries the shared internal secret, so nobody else can pick their own address.
 */
export function clientIpOf(c: Context, internalSecret: string): string {
  const forwarded = c.req.header(CLIENT_IP_HEADER);
  if (forwarded && sameSecret(c.req.header(INTERNAL_SECRET_HEADER), internalSecret)) return forwarded.slice(0, 64);
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}

/**
 * A request the portal marks as a person's own (a page, a sign-in, a change) is admitted before
 * background reads; the mark counts only with the shared secret. Everything else, service clients
 * included, is background.
 */
export function priorityOf(c: Context, internalSecret: string): "interactive" | "background" {
  return c.req.header(PRIORITY_HEADER) === "interactive" && sameSecret(c.req.header(INTERNAL_SECRET_HEADER), internalSecret) ? "interactive" : "background";
}
