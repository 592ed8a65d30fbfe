import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { bootDatabase } from "./boot";
import { apiWorkerCount, loadServiceConfig, type ServiceConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { demoBanner, demoIsLive } from "./db/seed";
import { listeningLine, paymentWarning, serveApis } from "./serve";
import { sweepStaleUploadFolders } from "./spreadsheet/upload-file";
import { logFor } from "./observability/log";
import { startMetricsServer } from "./observability/metrics-server";

const log = logFor("services");

/**
 * Starts the district API and the billing API: in this one process with the embedded database (PGlite
 * allows one process per data folder), or as API_WORKERS processes sharing the ports with a PostgreSQL
 * server. Nothing that matters lives in a process's memory (sessions, rate limits, refresh tokens, mail
 * and imports are in the database), so any worker can answer any request.
 */
async function main() {
  const config = loadServiceConfig();
  if (cluster.isWorker) return serveApis(config, { prepared: true, announce: false });
  const workers = apiWorkerCount(config, availableParallelism());
  await sweepStaleUploadFolders();
  if (workers === 1) return serveApis(config, { prepared: false, announce: true });
  await runWorkers(config, workers);
}

/** Brings the database up to date once, then keeps `count` workers running: one that dies is replaced. */
async function runWorkers(config: ServiceConfig, count: number) {
  const database = await bootDatabase(config);
  const demo = await demoIsLive(database.db);
  await database.close();

  let stopping = false;
  const recentCrashes: number[] = [];
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    recentCrashes.push(now);
    while (recentCrashes.length && (recentCrashes[0] ?? now) < now - 60_000) recentCrashes.shift();
    log.error({ worker: worker.process.pid, signal, code }, `worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    // Workers that cannot stay up (a bad configuration, a database that refuses them) end the whole process for its supervisor to see.
    if (recentCrashes.length >= 10) {
      log.error("ten workers stopped within a minute: giving up");
      process.exit(1);
    }
    setTimeout(() => cluster.fork(), 500);
  });
  for (let i = 0; i < count; i++) cluster.fork();
  if (config.METRICS_PORT) await startMetricsServer({ host: config.METRICS_HOST, port: config.METRICS_PORT, onError: (line) => log.error(line) });
  let ready = 0;
  cluster.on("listening", (_worker, address) => {
    if (address.port !== config.DISTRICT_API_PORT || ++ready !== count) return;
    log.info(listeningLine(config, `PostgreSQL server, ${count} worker processes`));
    if (demo) log.warn(demoBanner());
    // The workers do not announce themselves: the primary says what a single process would.
    const warning = paymentWarning(config);
    if (warning) log.warn(warning);
  });

  // The workers get the primary's own signal: SIGTERM drains after the grace period, SIGINT at once.
  const stop = (signal: NodeJS.Signals) => () => {
    if (stopping) return;
    stopping = true;
    const workersLeft = Object.values(cluster.workers ?? {});
    let left = workersLeft.length;
    if (left === 0) process.exit(0);
    for (const worker of workersLeft) {
      worker?.once("exit", () => --left === 0 && process.exit(0));
      worker?.process.kill(signal);
    }
  };
  process.on("SIGINT", stop("SIGINT"));
  process.on("SIGTERM", stop("SIGTERM"));
}

main().catch((error) => {
  log.error(error instanceof DataDirLockedError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
