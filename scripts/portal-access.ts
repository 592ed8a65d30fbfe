import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../services/observability/logger";
import { acceptRequestId, newRequestId, REQUEST_ID_HEADER } from "../lib/contract/request-id";
import type { RequestOutcome } from "../lib/request-outcome";
import { observeHttp } from "../services/observability/metrics";

type ManifestRoute = { page: string; regex: string };

/**
 * A path → the route pattern Next matched it to (`/administration/school-management/edit-school/[id]`),
 * from the build's routes manifest, so the log and the metrics name routes, never ids or queries.
 */
export function routePatternsOf(distDir: string): (path: string) => string {
  let routes: { page: string; regex: RegExp }[] = [];
  try {
    const manifest = JSON.parse(readFileSync(join(distDir, "routes-manifest.json"), "utf8")) as {
      staticRoutes?: ManifestRoute[];
      dynamicRoutes?: ManifestRoute[];
    };
    routes = [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  } catch {
    // Development builds write the manifest as pages compile: unmatched paths are named by kind below.
  }
  return (path) => {
    if (path.startsWith("/_next/static/")) return "/_next/static/*";
    if (path.startsWith("/_next/")) return "/_next/*";
    return routes.find((r) => r.regex.test(path))?.page ?? (path.startsWith("/api/") ? "/api/*" : "(other)");
  };
}

/** The request's id: a trusted proxy's (the load balancer makes one), else a new one. Set on the request for Next's handlers and on the answer. */
export function requestIdFor(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): string {
  const header = req.headers[REQUEST_ID_HEADER];
  const id = (trustProxy ? acceptRequestId(Array.isArray(header) ? header[0] : header) : undefined) ?? newRequestId();
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

const QUIET = new Set(["/livez", "/readyz"]);

/**
 * When the answer ends (or its client leaves), one access line and the request's place in the metrics:
 * method, route pattern, status, time, and the staff id the BFF noted; never the path's ids, the query,
 * a header or a body.
 */
export function logWhenDone(req: IncomingMessage, res: ServerResponse, how: { log: Logger; outcome: RequestOutcome; routeOf: (path: string) => string }) {
  const began = performance.now();
  res.once("close", () => {
    const durationMs = performance.now() - began;
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const route = QUIET.has(path) ? path : how.routeOf(path);
    const status = res.statusCode;
    observeHttp({ service: "portal", route, method: req.method ?? "GET", status, seconds: durationMs / 1000 });
    if (QUIET.has(path) || route === "/_next/static/*") return;
    how.log.info(
      {
        requestId: how.outcome.requestId,
        method: req.method,
        route,
        status,
        durationMs: Math.round(durationMs * 10) / 10,
        staffId: how.outcome.staffId,
        ...(res.writableFinished ? {} : { clientLeft: true }),
      },
      "request",
    );
  });
}
