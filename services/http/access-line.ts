import type { Context } from "hono";
import { observeHttp } from "../observability/metrics";
import type { ApiClientCaller, ApiEnv, Actor } from "./context";

/** Health checks come every half second from each load balancer: counted, not written to the log. */
const QUIET_ROUTES = new Set(["/livez", "/readyz", "/health"]);

/**
 * One line per request, and its place in the metrics: the route pattern (never the path, which holds ids,
 * nor the query, which holds what was searched for), the status, the time, and who asked by id only.
 */
export function accessLine(c: Context<ApiEnv>, how: { service: string; began: number }) {
  const durationMs = performance.now() - how.began;
  const route = c.get("route") ?? "(no route)";
  const status = c.res.status;
  observeHttp({ service: how.service, route, method: c.req.method, status, seconds: durationMs / 1000 });
  if (QUIET_ROUTES.has(route)) return;
  const actor = c.get("actor") as Actor | undefined;
  const client = c.get("apiClient") as ApiClientCaller | undefined;
  c.get("log").info(
    {
      method: c.req.method,
      route,
      status,
      durationMs: Math.round(durationMs * 10) / 10,
      staffId: actor?.staffId,
      districtId: actor?.districtId ?? client?.districtId,
      apiClientId: client?.id,
    },
    "request",
  );
}
