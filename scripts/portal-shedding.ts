import type { IncomingMessage, ServerResponse } from "node:http";
import { authMessages, errorPageTitles } from "../lib/contract/messages";
import { createAdmission, type AdmissionLimits } from "../services/http/admission";

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

/** Admits the request (calling `serve`, and counting it until its response ends) or refuses it. */
export function createLoadShedder(limits: AdmissionLimits) {
  const admission = createAdmission(limits);
  return async (req: IncomingMessage, res: ServerResponse, serve: () => void) => {
    if (unmetered(req)) return serve();
    const release = await admission.admit();
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
    serve();
  };
}
