import type { IncomingMessage, ServerResponse } from "node:http";
import type { Admission } from "../services/http/admission";

/**
 * No request the portal serves may take longer than the long upstream limit (uploads, confirms,
 * downloads); a slot held a minute past it is lost, not busy.
 */
const wedgeDeadlineMs = () => Number(process.env.LONG_UPSTREAM_TIMEOUT_MS || 300_000) + 60_000;

/**
 * `/livez` (the process answers) and `/readyz` (it can serve: not every slot lost), answered before
 * the load shedder and without a session, so a load balancer and an operator can always ask. Readiness
 * carries the shedding figures: slots in use, requests waiting, and how many were refused or abandoned.
 * True when the request was one of them.
 */
export function answerHealth(req: IncomingMessage, res: ServerResponse, admission: Admission): boolean {
  const path = (req.url ?? "").split("?")[0];
  if (path !== "/livez" && path !== "/readyz") return false;
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("content-type", "application/json");
  if (path === "/livez") {
    res.writeHead(200).end(JSON.stringify({ status: "alive" }));
    return true;
  }
  const wedged = admission.wedged(wedgeDeadlineMs());
  if (wedged) console.error("[portal] not ready: every request slot has been held past any request's deadline");
  res.writeHead(wedged ? 503 : 200).end(JSON.stringify({ status: wedged ? "wedged" : "ready", ...admission.stats() }));
  return true;
}
