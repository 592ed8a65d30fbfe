import type { Server } from "node:http";

/**
 * A server process's life as a load balancer sees it (portal and APIs alike): `starting` and
 * `draining` answer readiness 503, `ready` 200. On SIGTERM it drains: readiness turns 503 at once, the
 * process keeps serving for `graceMs` while the load balancer notices and sends new requests elsewhere,
 * then stops accepting connections and lets the requests in flight finish, up to `drainMs`; answers
 * given while draining ask the client to close its connection, so none lingers on a leaving instance.
 */
export type LifecycleState = "starting" | "ready" | "draining";
export type ShutdownTimes = { graceMs: number; drainMs: number };

/** Above the 60 s at which common load balancers and browsers give up an idle connection. */
const KEEP_ALIVE_MS = 65_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Lifecycle = ReturnType<typeof createLifecycle>;

export function createLifecycle(log: (line: string) => void) {
  let state: LifecycleState = "starting";
  let inFlight = 0;
  let whenIdle: (() => void) | undefined;

  return {
    state: () => state,
    ready() {
      if (state === "starting") state = "ready";
    },
    /**
     * Counts the server's requests until their responses close (served, failed or the client gone). With
     * `keepIdleConnections`, an idle connection is kept 65 s instead of Node's 5 s, longer than the clients reusing
     * it keep one: with 5 s, about as long as a load balancer's pool keeps one (HAProxy purges idle ones after
     * about 5 s) or shorter than a test's request context waits between calls, the server could close a
     * connection just as a request went out on it, which the client sees as a reset. The portal's server asks for
     * it; the APIs' keep Node's 5 s, which the portal's own calls to them keep to (they close theirs after 4).
     */
    track(server: Server, options: { keepIdleConnections?: boolean } = {}) {
      if (options.keepIdleConnections) server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.prependListener("request", (_req, res) => {
        inFlight++;
        if (state === "draining") res.setHeader("connection", "close");
        res.once("close", () => {
          if (--inFlight === 0) whenIdle?.();
        });
      });
    },
    inFlight: () => inFlight,
    /** Drains the servers as above; true when every request finished, false when the deadline cut some off. */
    async drain(servers: Server[], times: ShutdownTimes): Promise<boolean> {
      state = "draining";
      log(`draining: readiness is 503; serving ${times.graceMs / 1000} s more while the load balancer notices`);
      await sleep(times.graceMs);
      for (const server of servers) {
        server.close();
        server.closeIdleConnections();
      }
      const finished =
        inFlight === 0 || (await Promise.race([new Promise<true>((done) => (whenIdle = () => done(true))), sleep(times.drainMs).then(() => false as const)]));
      if (finished) log("drained: every request in flight finished");
      else {
        log(`drain deadline of ${times.drainMs / 1000} s passed: ${inFlight} requests cut off`);
        for (const server of servers) server.closeAllConnections();
      }
      return finished;
    },
  };
}
