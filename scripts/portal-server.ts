import { createServer, type ServerResponse } from "node:http";
import { join } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import next from "next";
import { clientAddress } from "../lib/client-address";
import { requestOutcomes, setPortalLog, type RequestOutcome } from "../lib/request-outcome";
import { createRootLogger } from "../services/observability/logger";
import { collectProcessMetrics, watchAdmission } from "../services/observability/metrics";
import { startMetricsServer } from "../services/observability/metrics-server";
import { logWhenDone, requestIdFor, routePatternsOf } from "./portal-access";
import { closeWhenBodyUnread } from "../services/http/unread-body";
import { parsePortalEnv } from "../lib/env-schema";
import { createLifecycle } from "../services/http/lifecycle";
import { checkApisShareSecret } from "./portal-handshake";
import { answerHealth } from "./portal-health";
import { refuseUnservable } from "./portal-request-guard";
import { createLoadShedder, portalLimits, priorityOf, refuseBusy } from "./portal-shedding";
import { loggedShedding } from "../services/http/admission";
import { paintFirst } from "./paint-first";
import { precompressedStatic } from "./precompress";

/**
 * The portal's HTTP server: Next's request handler behind one step of our own. Next keeps a client's
 * X-Forwarded-* headers as they come, and its route handlers cannot see the socket, so the address the
 * BFF forwards to the APIs' rate limits is decided here: the socket's, or with TRUSTED_PROXY_HOPS > 0
 * the one our proxies saw (lib/client-address.ts). The other X-Forwarded-* headers are believed only
 * from trusted proxies too. It also checks the whole configuration before it listens (lib/env-schema.ts:
 * beyond this machine PORTAL_URL is required) and that the APIs share INTERNAL_SECRET before it takes
 * traffic (portal-handshake.ts), answers /livez and /readyz, sets the security headers every response
 * carries, sheds load beyond what it can serve (portal-shedding.ts), gives a page that failed for want
 * of an API the status that says so, and drains on SIGTERM (services/http/lifecycle.ts). It compresses
 * the responses itself (Next's `compress` is off), so that a page's HTML can be rewritten on its way out:
 * its scripts run after its first frame (paint-first.ts); the build's scripts and stylesheets it sends as
 * the build compressed them (precompress.ts).
 */
const dev = process.argv.includes("--dev");
const logger = createRootLogger(process.env).child({ component: "portal" });
const log = (line: string) => logger.info(line);
// The BFF's lines (inside Next's bundles) go to the same log.
setPortalLog(createRootLogger(process.env).child({ component: "bff" }));

// Every variable is checked before the portal listens: a misconfigured portal never takes traffic.
const parsed = parsePortalEnv(process.env);
if (!parsed.ok) {
  for (const problem of parsed.problems) logger.error(`configuration: ${problem}`);
  logger.error("not starting.");
  process.exit(1);
}
const env = parsed.env;
const https = (env.PORTAL_URL ?? "").startsWith("https:");

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

/**
 * Brotli where the browser takes it, else gzip; a streamed page is flushed as Next flushes it. Quality 5,
 * not the package's 4: over the build's 128 chunks (2.6 MB), 4 came out 1.5 % larger than gzip, 5 is 4.5 %
 * smaller for a third more time (94 ms against 70 ms for all of them, each compressed once per cold load).
 */
const compress = compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } });
/** The build's scripts and stylesheets, compressed when it was made (precompress.ts); the rest goes through `compress`. */
const serveCompressedStatic = dev ? () => false : precompressedStatic(join(".next", "static"));

/** No request the portal serves takes longer than the long upstream limit: a slot held a minute past it is lost. */
const wedgedAfterMs = env.LONG_UPSTREAM_TIMEOUT_MS + 60_000;

async function main() {
  const lifecycle = createLifecycle(log);
  const shed = createLoadShedder(portalLimits(env), loggedShedding(logger));
  watchAdmission("portal", shed.admission);
  collectProcessMetrics();
  // Route patterns from the build, once it is loaded (the access line names routes, never paths).
  let routeOf = routePatternsOf(".next");
  // Next's handler, once it is prepared; until then a request is answered 503.
  const nextApp: { handle?: ReturnType<ReturnType<typeof next>["getRequestHandler"]> } = {};
  const server = createServer((req, res) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    if (answerHealth(req, res, { admission: shed.admission, state: lifecycle.state(), wedgedAfterMs, log: logger })) return;
    const forwardedFor = req.headers["x-forwarded-for"];
    const address = clientAddress(
      { socket: req.socket.remoteAddress, forwardedFor: Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor },
      env.TRUSTED_PROXY_HOPS,
    );
    if (env.TRUSTED_PROXY_HOPS === 0)
      for (const name of ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded", "x-real-ip"]) delete req.headers[name];
    req.headers["x-forwarded-for"] = address;
    closeWhenBodyUnread(req, res);
    const outcome: RequestOutcome = { priority: priorityOf(req), requestId: requestIdFor(req, res, env.TRUSTED_PROXY_HOPS > 0) };
    logWhenDone(req, res, { log: logger, outcome, routeOf });
    if (refuseUnservable(req, res)) return;
    if (serveCompressedStatic(req, res)) return;
    const serve = nextApp.handle;
    if (!serve) return refuseBusy(req, res); // still starting
    statusFromOutcome(res, outcome);
    void shed(req, res, () =>
      requestOutcomes.run(outcome, () => {
        compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
          paintFirst(res);
          // Whatever Next throws, the response ends, so its slot is given back and the client not left hanging.
          serve(req, res).catch((error: unknown) => {
            logger.error({ requestId: outcome.requestId, error: error instanceof Error ? error.name : typeof error }, "request failed");
            if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
            res.end();
          });
        });
      }),
    );
  });
  // Browsers and load balancers reuse the portal's connections: it keeps an idle one longer than they do.
  lifecycle.track(server, { keepIdleConnections: true });
  if (env.PORTAL_METRICS_PORT) await startMetricsServer({ host: env.METRICS_HOST, port: env.PORTAL_METRICS_PORT, onError: (line) => logger.error(line) });
  // Listening at once, the portal answers its health checks while it starts (readiness 503 until ready).
  await new Promise<void>((listening) => server.listen(env.PORT, env.PORTAL_HOST, listening));
  log(`listening on http://${env.PORTAL_HOST}:${env.PORT}; starting`);

  let stopping = false;
  const stop = (graceMs: number) => async () => {
    if (stopping) return;
    stopping = true;
    await lifecycle.drain([server], { graceMs, drainMs: env.SHUTDOWN_DRAIN_MS });
    process.exit(0);
  };
  // SIGTERM (a deploy) drains after a grace period for the load balancer; SIGINT (Ctrl+C) at once.
  process.on("SIGTERM", stop(env.SHUTDOWN_GRACE_MS));
  process.on("SIGINT", stop(0));

  // The APIs' handshake first: a portal that does not share their secret stops before any build is loaded.
  await checkApisShareSecret(env, log);
  const app = next({ dev, hostname: env.PORTAL_HOST, port: env.PORT, turbopack: dev });
  await app.prepare();
  nextApp.handle = app.getRequestHandler();
  if (!dev) routeOf = routePatternsOf(".next");
  lifecycle.ready();
  log(`ready on http://${env.PORTAL_HOST}:${env.PORT}`);
}

main().catch((error: unknown) => {
  logger.error(`${error instanceof Error ? error.message : String(error)} Not starting.`);
  process.exit(1);
});
