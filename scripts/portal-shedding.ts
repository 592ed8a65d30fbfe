import type { IncomingMessage, ServerResponse } from "node:http";
import { authMessages, errorPageTitles } from "../lib/contract/messages";
import type { PortalEnv } from "../lib/env-schema";
import { createAdmission, type AdmissionLimits, type Priority, type SheddingLog } from "../services/http/admission";

/**
 * Load shedding at the portal's door. Beyond what it can serve promptly, a request is answered 503
 * with Retry-After at once (JSON for the BFF, a small page for a page) instead of waiting in a queue
 * that makes every user's request slow. Static files, uploads and downloads are not counted: the first
 * are cheap, the others paced by the user's connection.
 */
const RETRY_AFTER_SECONDS = "2";

/** The portal's limits (PORTAL_MAX_IN_FLIGHT, PORTAL_MAX_QUEUE, PORTAL_QUEUE_WAIT_MS; lib/env-schema.ts checks them). */
export const portalLimits = (env: Pick<PortalEnv, "PORTAL_MAX_IN_FLIGHT" | "PORTAL_MAX_QUEUE" | "PORTAL_QUEUE_WAIT_MS">): AdmissionLimits => ({
  maxInFlight: env.PORTAL_MAX_IN_FLIGHT,
  maxQueue: env.PORTAL_MAX_QUEUE,
  maxWaitMs: env.PORTAL_QUEUE_WAIT_MS,
});

const unmetered = (req: IncomingMessage) => {
  const url = req.url ?? "/";
  return (
    url.startsWith("/_next/static/") ||
    // The payment provider's webhook: it expects a prompt 200 and resends otherwise (issue 33).
    url.split("?")[0] === "/api/payments/webhook" ||
    /\.(ico|png|svg|webmanifest|txt)$/.test(url.split("?")[0] ?? "") ||
    /^\/api\/[a-z]+\/.*(upload-multiple|\/download)/.test(url) ||
    (req.headers["content-type"] ?? "").startsWith("multipart/form-data")
  );
};

const busyPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${errorPageTitles.other}</title></head>
<body style="font-family:system-ui,sans-serif;display:flex;min-height:100dvh;flex-direction:column;align-items:center;justify-content:center;gap:1rem;text-align:center;padding:1rem">
<h1>${errorPageTitles.other}</h1><p>${authMessages.busy}</p><p><a href="">Try again</a></p></body></html>`;

/** 503 with Retry-After: JSON for the BFF, a small page for a page. */
export function refuseBusy(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("Retry-After", RETRY_AFTER_SECONDS);
  res.setHeader("Cache-Control", "no-store");
  if ((req.url ?? "").startsWith("/api/")) {
    res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ message: authMessages.busy, code: "busy" }));
  } else {
    res.writeHead(503, { "content-type": "text/html; charset=utf-8" }).end(busyPage);
  }
}

/**
 * Which requests yield under load (README, "Load shedding"): a person opening a page (or moving to one),
 * signing in or out, and every change they send are interactive; the BFF's reads (list searches, totals,
 * suggestions, the bell's poll) are background, served with what is left.
 */
export function priorityOf(req: IncomingMessage): Priority {
  const url = req.url ?? "/";
  if (!url.startsWith("/api/") || url.startsWith("/api/auth/")) return "interactive";
  return req.method === "GET" || req.method === "HEAD" ? "background" : "interactive";
}

/**
 * Admits the request (calling `serve`, and counting it until its response closes: served, failed, or its
 * client gone) or refuses it. A client that leaves while the request waits takes it out of the queue.
 */
export function createLoadShedder(limits: AdmissionLimits, log?: SheddingLog) {
  const admission = createAdmission(limits, log);
  const shed = async (req: IncomingMessage, res: ServerResponse, serve: () => void) => {
    if (unmetered(req)) return serve();
    const gone = new AbortController();
    const leave = () => gone.abort();
    res.once("close", leave);
    const release = await admission.admit({ priority: priorityOf(req), signal: gone.signal });
    res.off("close", leave);
    if (gone.signal.aborted || res.closed) return release?.();
    if (!release) return refuseBusy(req, res);
    res.once("close", release);
    try {
      serve();
    } catch (error) {
      release();
      throw error;
    }
  };
  return Object.assign(shed, { admission });
}
