import cluster from "node:cluster";
import type { Server } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { createBillingApi } from "./billing/app";
import { bootDatabase } from "./boot";
import { paymentsAreTestMoney, providerStandInPath, type ServiceConfig } from "./config";
import { createProviderStandIn } from "./billing/stand-in/app";
import { startWebhookSweep } from "./billing/wallet/webhook-events";
import { demoBanner, demoIsLive } from "./db/seed";
import { createDistrictApi } from "./district/app";
import { scheduleHousekeeping } from "./housekeeping/schedule";
import { createLifecycle } from "./http/lifecycle";
import { closeWhenBodyUnread } from "./http/unread-body";
import { createMailer } from "./mail/mailer";
import { logFor } from "./observability/log";
import { collectProcessMetrics } from "./observability/metrics";
import { startMetricsServer } from "./observability/metrics-server";
import { watchOutbox } from "./observability/mail-metrics";
import { watchPool } from "./observability/pool-metrics";

const log = logFor("services");

/** What the log says once the APIs listen; `how` names the database and the processes. */
export const listeningLine = (config: ServiceConfig, how: string) =>
  `district API on http://${config.API_HOST}:${config.DISTRICT_API_PORT}, billing API on http://${config.API_HOST}:${config.BILLING_API_PORT} (${how})`;

/** What the log says at start when wallets are funded with test money (the stand-in, or a test key); null with a live key. */
export function paymentWarning(config: ServiceConfig): string | null {
  if (!paymentsAreTestMoney(config)) return null;
  const staging = config.NODE_ENV === "production" ? " (PAYMENT_STAND_IN=allow: a staging deployment)" : "";
  return config.PAYSTACK_SECRET_KEY
    ? `PAYSTACK_SECRET_KEY is a test key${staging}: payments are made with test cards, and their ledger entries are marked as test money`
    : `no PAYSTACK_SECRET_KEY${staging}: wallet funding goes through the provider stand-in (a test checkout; no money moves), and its ledger entries are marked as test money`;
}

/**
 * Both APIs in this process, on their ports (a cluster's workers share them), until SIGTERM or SIGINT.
 * `prepared`: the database was already migrated by the cluster's primary.
 */
export async function serveApis(config: ServiceConfig, options: { prepared: boolean; announce: boolean }) {
  const database = await bootDatabase(config, { prepared: options.prepared });
  const lifecycle = createLifecycle((line) => log.info(cluster.isWorker ? { worker: process.pid } : {}, line));
  const deps = { db: database.db, config, mailer: createMailer(config, database.db), lifecycle };
  const listen = (app: { fetch: (r: Request) => Response | Promise<Response> }, port: number) =>
    new Promise<ServerType>((ready) => {
      const server = serve({ fetch: app.fetch, port, hostname: config.API_HOST }, () => ready(server));
      lifecycle.track(server as Server);
      server.on("request", closeWhenBodyUnread);
    });
  const billing = createBillingApi(deps);
  // Without a payment provider key, the billing API serves the provider's stand-in itself (it refuses to run with a key).
  if (!config.PAYSTACK_SECRET_KEY) billing.app.route(providerStandInPath, createProviderStandIn(deps));
  const servers = [await listen(createDistrictApi(deps).app, config.DISTRICT_API_PORT), await listen(billing.app, config.BILLING_API_PORT)];
  if (options.announce) {
    log.info(
      listeningLine(
        config,
        `${database.kind === "embedded" ? `embedded database in ${config.DATA_DIR}` : "PostgreSQL server"}${database.seeded ? ", demo data seeded" : ""}`,
      ),
    );
    if (await demoIsLive(database.db)) log.warn(demoBanner());
    const warning = paymentWarning(config);
    if (warning) log.warn(warning);
  }

  collectProcessMetrics();
  // Read when scraped: the outbox's waiting mail and this process's database connections (each worker its own).
  watchOutbox(database.db);
  watchPool(database);
  // One metrics page per process; with several workers their primary answers for them all (main.ts).
  if (config.METRICS_PORT && !cluster.isWorker)
    await startMetricsServer({ host: config.METRICS_HOST, port: config.METRICS_PORT, onError: (line) => log.error(line) });
  lifecycle.ready();
  const housekeeping = scheduleHousekeeping(database.db, config);
  // The outbox's sender: what this or any instance wrote and has not gone out yet (services/mail/mailer.ts).
  const sender = deps.mailer.start();
  // The payment provider's webhook events recorded and not done yet, by this or any instance (billing/wallet/webhook-events.ts).
  const webhooks = startWebhookSweep(deps);

  // SIGTERM drains (readiness 503, a grace period, then the requests in flight finish); SIGINT, a person at a
  // terminal, skips the grace. The sender finishes its pass (what is left waits in the outbox for the next
  // instance), and the database is closed once nothing uses it.
  let stopping = false;
  const stop = (graceMs: number) => async () => {
    if (stopping) return;
    stopping = true;
    housekeeping.stop();
    await lifecycle.drain(servers as Server[], { graceMs, drainMs: config.SHUTDOWN_DRAIN_MS });
    await sender.stop();
    await webhooks.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", stop(0));
  process.on("SIGTERM", stop(config.SHUTDOWN_GRACE_MS));
  // A worker whose primary is gone (killed, even with -9) stops too rather than linger unmanaged.
  if (cluster.isWorker) process.on("disconnect", stop(0));
}
