import type { IncomingMessage, ServerResponse } from "node:http";
import type { Admission } from "../services/http/admission";
import type { LifecycleState } from "../services/http/lifecycle";
import type { Logger } from "../services/observability/logger";

/**
 * `/livez` (the process answers) and `/readyz` (it can serve), answered before the load shedder and
 * without a session, so a load balancer and an operator can always ask. Readiness is 503 while the
 * portal starts (Next preparing, the APIs' handshake), while it drains (SIGTERM), and when every slot has
 * been held past any request's deadline (`wedgedAfterMs`): such a portal would refuse everyone until
 * restarted. It does not depend on the APIs: without them the portal still answers, with the page that
 * says so, which is better than the load balancer's bare error. It carries the shedding figures: slots in
 * use, requests waiting, and how many were refused or abandoned. True when the request was one of them.
 */
export function answerHealth(
  req: IncomingMessage,
  res: ServerResponse,
  how: { admission: Admission; state: LifecycleState; wedgedAfterMs: number; log: Pick<Logger, "error"> },
): boolean {
  const path = (req.url ?? "").split("?")[0];
  if (path !== "/livez" && path !== "/readyz") return false;
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("content-type", "application/json");
  if (path === "/livez") {
    res.writeHead(200).end(JSON.stringify({ status: "alive" }));
    return true;
  }
  const wedged = how.state === "ready" && how.admission.wedged(how.wedgedAfterMs);
  if (wedged) how.log.error("not ready: every request slot has been held past any request's deadline");
  const status = wedged ? "wedged" : how.state;
  res.writeHead(status === "ready" ? 200 : 503).end(JSON.stringify({ status, ...how.admission.stats() }));
  return true;
}
