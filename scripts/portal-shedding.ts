import type { IncomingMessage, ServerResponse } from "node:http";
import { authMessages, errorPageTitles } from "../lib/contract/messages";
import { consoleSheddingLog, createAdmission, type AdmissionLimits, type Priority, type SheddingLog } from "../services/http/admission";

/**
 * Load shedding at the portal's door. Beyond what it can serve promptly, a request is answered 503
 * with Retry-After at once (JSON for the BFF, a small page for a page) instead of waiting in a queue
 * that makes every user's request slow. Static files, uploads and downloads are not counted: the first
 * are cheap, the others paced by the user's connection.
 */
const RETRY_AFTER_SECONDS = "2";

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number from 1.`);
  return value;
};

export function portalLimits(): AdmissionLimits {
  return {
    maxInFlight: positive("PORTAL_MAX_IN_FLIGHT", 16),
    maxQueue: positive("PORTAL_MAX_QUEUE", 256),
    maxWaitMs: positive("PORTAL_QUEUE_WAIT_MS", 500),
  };
}

const unmetered = (req: IncomingMessage) => {
  const url = req.url ?? "/";
  return (
    url.startsWith("/_next/static/") ||
    /\.(ico|png|svg|webmanifest|txt)$/.test(url.split("?")[0] ?? "") ||
    /^\/api\/[a-z]+\/.*(upload-multiple|\/download)/.test(url) ||
    (req.headers["content-type"] ?? "").startsWith("multipart/form-data")
  );
};

const busyPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${errorPageTitles.other}</title></head>
<body style="font-family:system-ui,sans-serif;display:flex;min-height:100dvh;flex-direction:column;align-items:center;justify-content:center;gap:1rem;text-align:center;padding:1rem">
<h1>${errorPageTitles.other}</h1><p>${authMessages.busy}</p><p><a href="">Try again</a></p></body></html>`;

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
export function createLoadShedder(limits: AdmissionLimits, log: SheddingLog | undefined = consoleSheddingLog("portal")) {
  const admission = createAdmission(limits, log);
  const shed = async (req: IncomingMessage, res: ServerResponse, serve: () => void) => {
    if (unmetered(req)) return serve();
    const gone = new AbortController();
    const leave = () => gone.abort();
    res.once("close", leave);
    const release = await admission.admit({ priority: priorityOf(req), signal: gone.signal });
    res.off("close", leave);
    if (gone.signal.aborted || res.closed) return release?.();
    if (!release) {
      res.setHeader("Retry-After", RETRY_AFTER_SECONDS);
      res.setHeader("Cache-Control", "no-store");
      if ((req.url ?? "").startsWith("/api/")) {
        res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ message: authMessages.busy, code: "busy" }));
      } else {
        res.writeHead(503, { "content-type": "text/html; charset=utf-8" }).end(busyPage);
      }
      return;
    }
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
