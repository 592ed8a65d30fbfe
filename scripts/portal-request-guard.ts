import type { IncomingMessage, ServerResponse } from "node:http";
import { methodNotAllowedMessage, undecodablePathMessage } from "../lib/contract/messages";

/**
 * What each kind of address takes. Next answers anything else badly: TRACE on a page is a 500 with a
 * logged TypeError, PUT or DELETE renders the page, `%ff` in a BFF path is a 500. The BFF's route handlers
 * answer the methods they do not declare themselves; pages take POST for forms sent before their script.
 */
const bffMethods = ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"];
const pageMethods = ["GET", "HEAD", "POST"];
const staticMethods = ["GET", "HEAD"];

function methodsFor(path: string): string[] {
  if (path.startsWith("/api/")) return bffMethods;
  if (path.startsWith("/_next/static/") || path.startsWith("/_next/image")) return staticMethods;
  return pageMethods;
}

function refuse(res: ServerResponse, path: string, status: number, message: string, headers: Record<string, string> = {}) {
  const json = path.startsWith("/api/");
  const code = status === 405 ? "method_not_allowed" : "bad_request";
  res.writeHead(status, { ...headers, "content-type": json ? "application/json" : "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end(json ? JSON.stringify({ message, code }) : message);
}

/**
 * Answers a request the portal does not serve before Next sees it: a method its address does not take
 * (405 with Allow) or a path whose percent-encoding is not UTF-8 (400). True when it answered. These are a
 * client's mistakes or a scanner's probes, so they are logged by the access line only, never as errors.
 */
export function refuseUnservable(req: IncomingMessage, res: ServerResponse): boolean {
  const path = (req.url ?? "/").split(/[?#]/)[0] ?? "/";
  const allowed = methodsFor(path);
  if (!allowed.includes(req.method ?? "GET")) {
    refuse(res, path, 405, methodNotAllowedMessage, { allow: allowed.join(", ") });
    return true;
  }
  try {
    decodeURIComponent(path);
  } catch {
    refuse(res, path, 400, undecodablePathMessage);
    return true;
  }
  return false;
}
