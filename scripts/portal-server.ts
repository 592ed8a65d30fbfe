import { createServer, type ServerResponse } from "node:http";
import next from "next";
import { clientAddress } from "../lib/client-address";
import { requestOutcomes, type RequestOutcome } from "../lib/request-outcome";
import { closeWhenBodyUnread } from "../services/http/unread-body";
import { answerHealth } from "./portal-health";
import { createLoadShedder, portalLimits, priorityOf } from "./portal-shedding";

/**
 * The portal's HTTP server: Next's request handler behind one step of our own. Next keeps a client's
 * X-Forwarded-* headers as they come, and its route handlers cannot see the socket, so the address the
 * BFF forwards to the APIs' rate limits is decided here: the socket's, or with TRUSTED_PROXY_HOPS > 0
 * the one our proxies saw (lib/client-address.ts). The other X-Forwarded-* headers are believed only
 * from trusted proxies too. It also refuses to listen beyond this machine without PORTAL_URL and sets
 * the security headers every response carries, sheds load beyond what it can serve (portal-shedding.ts),
 * and gives a page that failed for want of an API the status that says so.
 */
const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.PORTAL_HOST || "localhost";
const hops = Number(process.env.TRUSTED_PROXY_HOPS || 0);
if (!Number.isInteger(hops) || hops < 0) {
  console.error("TRUSTED_PROXY_HOPS must be a whole number (0 when nothing stands in front of the portal).");
  process.exit(1);
}

const portalUrl = process.env.PORTAL_URL || "";
const https = portalUrl.startsWith("https:");

/**
 * Beyond this machine the portal must know the address people use: the CSRF check accepts only that
 * origin (it never believes the Host header), and over https the cookie and HSTS follow from it.
 */
if (!["localhost", "127.0.0.1", "::1"].includes(hostname) && !portalUrl) {
  console.error(
    `PORTAL_HOST=${hostname} makes the portal reachable from other machines, so it needs PORTAL_URL: the address they open ` +
      `(for example PORTAL_URL=http://192.168.1.10:${port} on a LAN, or https://portal.example.org behind TLS). Not starting.`,
  );
  process.exit(1);
}

/** On every response, pages, API answers and static files alike (pages add their CSP in proxy.ts). */
const securityHeaders: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"],
  ["X-Frame-Options", "DENY"],
  ...(https ? ([["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]] as [string, string][]) : []),
];

/**
 * A page whose render failed because an API was unavailable (or too slow) answers 503 (or 504) with
 * Retry-After, as a load balancer and a retrying client expect, instead of Next's 500. The BFF's own
 * answers already carry their status. Node sends every response's head through writeHead.
 */
function statusFromOutcome(res: ServerResponse, outcome: RequestOutcome) {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status === 500 && outcome.upstreamFailure) {
      res.setHeader("Retry-After", "5");
      return writeHead(outcome.upstreamFailure === "timeout" ? 504 : 503, ...rest);
    }
    return writeHead(status, ...rest);
  }) as ServerResponse["writeHead"];
}

async function main() {
  const app = next({ dev, hostname, port, turbopack: dev });
  const handle = app.getRequestHandler();
  await app.prepare();
  const shed = createLoadShedder(portalLimits());
  createServer((req, res) => {
    const forwardedFor = req.headers["x-forwarded-for"];
    const address = clientAddress(
      { socket: req.socket.remoteAddress, forwardedFor: Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor },
      hops,
    );
    if (hops === 0) for (const name of ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded", "x-real-ip"]) delete req.headers[name];
    req.headers["x-forwarded-for"] = address;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    if (answerHealth(req, res, shed.admission)) return;
    closeWhenBodyUnread(req, res);
    const outcome: RequestOutcome = { priority: priorityOf(req) };
    statusFromOutcome(res, outcome);
    void shed(req, res, () =>
      requestOutcomes.run(outcome, () => {
        // Whatever Next throws, the response ends, so its slot is given back and the client not left hanging.
        handle(req, res).catch((error: unknown) => {
          console.error("[portal] request failed:", error instanceof Error ? error.message : error);
          if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
          res.end();
        });
      }),
    );
  }).listen(port, hostname, () => console.log(`portal listening on http://${hostname}:${port}`));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
