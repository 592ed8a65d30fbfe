import client from "prom-client";
import type { Admission } from "../http/admission";

/**
 * The process's metrics, in Prometheus' text format (prom-client's default registry, which a cluster's
 * primary gathers from its workers: metrics-server.ts). Labels are route patterns, methods, statuses and
 * outcomes, never a value a person typed: a label's values must stay few.
 */
export const registry = client.register;

let defaultsCollected = false;
/** Node's own figures (memory, event-loop lag, handles, CPU), once per process. */
export function collectProcessMetrics() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  client.collectDefaultMetrics({ register: registry });
}

const httpLabels = ["service", "route", "method", "status"] as const;

const httpRequests = new client.Counter({
  name: "http_requests_total",
  help: "Requests answered, by service (portal, district, billing), route pattern, method and status",
  labelNames: httpLabels,
});

const httpDuration = new client.Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to its answer's end, by service, route pattern, method and status",
  labelNames: httpLabels,
  // From a cached page to a five-minute import confirm.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
});

export type HttpObservation = { service: string; route: string; method: string; status: number; seconds: number };

export function observeHttp(o: HttpObservation) {
  const labels = { service: o.service, route: o.route, method: o.method, status: String(o.status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, o.seconds);
}

const watched = new Map<string, Admission>();

/** The load shedding's figures of one admission (the portal's, each API's), read when scraped. */
export function watchAdmission(service: string, admission: Admission) {
  watched.set(service, admission);
}

const reported = { shed: new Map<string, number>(), abandoned: new Map<string, number>() };
new client.Gauge({
  name: "admission_in_flight",
  help: "Requests being worked on now, by service",
  labelNames: ["service"],
  collect() {
    for (const [service, admission] of watched) this.set({ service }, admission.stats().inFlight);
  },
});
new client.Gauge({
  name: "admission_waiting",
  help: "Requests waiting for a slot now, by service",
  labelNames: ["service"],
  collect() {
    for (const [service, admission] of watched) this.set({ service }, admission.stats().waiting);
  },
});
// The admission keeps running totals; a counter is moved on by what it gained since the last scrape.
for (const kind of ["shed", "abandoned"] as const)
  new client.Counter({
    name: `admission_${kind}_total`,
    help: kind === "shed" ? "Requests refused for load (503), by service" : "Requests whose client left while they waited, by service",
    labelNames: ["service"],
    collect() {
      for (const [service, admission] of watched) {
        const now = admission.stats()[kind];
        const delta = now - (reported[kind].get(service) ?? 0);
        // By 0 too: the series is there from the first scrape, so a rate over it starts at once.
        this.inc({ service }, Math.max(0, delta));
        reported[kind].set(service, now);
      }
    },
  });
