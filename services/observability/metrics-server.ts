import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import client from "prom-client";
import { registry } from "./metrics";

/**
 * The metrics page, `GET /metrics` in Prometheus' text format, on a port of its own (METRICS_PORT for the
 * APIs, PORTAL_METRICS_PORT for the portal; bound to METRICS_HOST, 127.0.0.1 unless set) that no load
 * balancer forwards: the public routes never answer it. A cluster's primary answers for all its workers
 * (prom-client gathers theirs over the cluster's channel and adds them up).
 */
export function startMetricsServer(options: { host: string; port: number; onError: (message: string) => void }): Promise<Server> {
  const aggregator = cluster.isPrimary && Object.keys(cluster.workers ?? {}).length > 0 ? new client.AggregatorRegistry() : null;
  const server = createServer((req, res) => {
    if ((req.url ?? "").split("?")[0] !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    const text = aggregator ? aggregator.clusterMetrics() : registry.metrics();
    text.then(
      (body) => res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" }).end(req.method === "HEAD" ? undefined : body),
      (error: unknown) => {
        options.onError(`metrics could not be gathered: ${error instanceof Error ? error.message : String(error)}`);
        res.writeHead(500, { "content-type": "text/plain" }).end("Metrics unavailable\n");
      },
    );
  });
  return new Promise((listening, failed) => {
    server.once("error", failed);
    server.listen(options.port, options.host, () => {
      server.off("error", failed);
      server.unref();
      listening(server);
    });
  });
}
