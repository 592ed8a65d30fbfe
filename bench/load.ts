import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startStack } from "../scripts/stack";
import { syncPermissionCatalogue } from "../services/db/catalogue";
import { openDatabase } from "../services/db/client";
import { isEmpty, seedDemo } from "../services/db/seed";
import { fmt, median, percentile } from "./stats";
import { demoCode } from "../services/test/sign-in";

/**
 * The portal under load, as users meet it: the whole product started on ports of its own, signed-in
 * sessions searching schools through the portal at `connections` connections for `seconds`, while the
 * district API's health check is asked every quarter second. Loopback only; it stops by itself.
 *
 * On the embedded database by default; with BENCH_DATABASE_URL on that PostgreSQL server (API_WORKERS
 * passes through, so `API_WORKERS=1` and `=2` compare worker counts).
 */
const SESSIONS = 10;

type Figures = { rps: number; p50: number; p99: number; ok: number; refused: number; other: number; errors: number; healthWorst: number; healthFailed: number };

export async function benchLoad(seconds: number, connections: number) {
  const root = mkdtempSync(join(tmpdir(), "portal-load-"));
  const ports = { PORT: "3600", DISTRICT_API_PORT: "4600", BILLING_API_PORT: "4700" };
  const database = process.env.BENCH_DATABASE_URL;
  // A PostgreSQL server is never seeded by a start (only the embedded database is): the bench brings the demo in itself.
  if (database) await seedServer(database);
  const stack = await startStack({
    env: {
      DATA_DIR: join(root, "db"),
      ...ports,
      ...(database ? { DATABASE_URL: database } : {}),
      ACCESS_TOKEN_TTL_SECONDS: "3600",
      LOG_MAIL: "false",
    },
    quiet: true,
  });
  try {
    const portal = `http://127.0.0.1:${ports.PORT}`;
    const cookies: string[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const login = await fetch(`${portal}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: portal },
        body: JSON.stringify({ email: `admin.ed${1 + (i % 2)}@example.org`, password: "Demo#Admin2026", code: demoCode() }),
      });
      if (login.status !== 200) throw new Error(`sign-in ${i + 1} failed: ${login.status}`);
      cookies.push((login.headers.get("set-cookie") ?? "").split(";")[0] ?? "");
    }

    // The API's health, asked throughout: it must answer, and quickly, whatever the load.
    const health: number[] = [];
    let healthFailed = 0;
    let running = true;
    const watcher = (async () => {
      while (running) {
        const began = performance.now();
        try {
          const answer = await fetch(`http://127.0.0.1:${ports.DISTRICT_API_PORT}/health`, { signal: AbortSignal.timeout(5_000) });
          if (answer.status !== 200) healthFailed++;
          await answer.arrayBuffer();
        } catch {
          healthFailed++;
        }
        health.push(performance.now() - began);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();

    let connection = 0;
    const result = await autocannon({
      url: `${portal}/api/district/school/search?searchTerm=&localGovernment=&schoolCategory=&limit=12&page=1`,
      connections,
      duration: seconds,
      timeout: 30,
      // Each connection is one of the signed-in sessions.
      setupClient: (client) => client.setHeaders({ cookie: cookies[connection++ % SESSIONS] ?? "" }),
    });
    running = false;
    await watcher;

    const byStatus = (from: number, to: number) =>
      Object.entries(result.statusCodeStats ?? {}).reduce((sum, [code, { count }]) => (Number(code) >= from && Number(code) < to ? sum + count : sum), 0);
    const figures: Figures = {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok: byStatus(200, 300),
      refused: byStatus(503, 504),
      other: byStatus(300, 503) + byStatus(504, 600),
      errors: result.errors + result.timeouts,
      healthWorst: Math.max(...health),
      healthFailed,
    };
    console.log(
      `load (${database ? `PostgreSQL server${process.env.API_WORKERS ? `, API_WORKERS=${process.env.API_WORKERS}` : ""}` : "embedded database"}; ` +
        `${connections} connections, ${SESSIONS} sessions, school search through the portal, ${seconds} s):`,
    );
    console.log(
      `  ${figures.rps.toFixed(0)} answered requests/s; latency p50 ${fmt(figures.p50)}, p99 ${fmt(figures.p99)}; ` +
        `200: ${figures.ok}, 503 (refused for load): ${figures.refused}, other statuses: ${figures.other}, errors and timeouts: ${figures.errors}` +
        ` (by status: ${JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])))})`,
    );
    console.log(
      `  API health: asked ${health.length} times, median ${fmt(median(health))}, p99 ${fmt(percentile(health, 99))}, worst ${fmt(figures.healthWorst)}, failed ${healthFailed}`,
    );
    return figures;
  } finally {
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

/** Migrates the server's database and seeds the demo into it when it is empty. */
export async function seedServer(url: string) {
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    await syncPermissionCatalogue(database.db);
    if (await isEmpty(database.db)) await seedDemo(database.db);
  } finally {
    await database.close();
  }
}
