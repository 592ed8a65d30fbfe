import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { startStack } from "../scripts/stack";
import { createRootLogger } from "../services/observability/logger";
import { observeHttp } from "../services/observability/metrics";
import { load, type Result } from "./bff";
import { fmt, percentile } from "./stats";
import { demoCode } from "../services/test/sign-in";

/**
 * What the access lines cost on the read load (issue 32): two whole stacks on this machine, one logging
 * every request at info as production does (JSON lines, read from its pipe like a log shipper would)
 * and one with LOG_LEVEL=silent, both counting every request in their metrics (which cannot be turned
 * off) and scraped once a second. The same BFF school search, the two alternating round by round, so
 * both see the same machine. p50 and p99 per stack, medians of the rounds.
 */
/**
 * The same cost measured without the machine's noise: one access line as the APIs write it (a request's
 * child logger, its fields, JSON, redaction, a synchronous write to /dev/null) and one request counted in
 * the metrics, each timed over many calls in this process.
 */
export function perCallCosts(calls: number) {
  const root = createRootLogger({ LOG_LEVEL: "info", LOG_FORMAT: "json" }, pino.destination({ dest: "/dev/null", sync: true })).child({
    component: "district api",
  });
  const time = (work: (i: number) => void) => {
    for (let i = 0; i < 2_000; i++) work(i); // warm up
    const began = performance.now();
    for (let i = 0; i < calls; i++) work(i);
    return ((performance.now() - began) * 1000) / calls;
  };
  const line = time((i) =>
    root.child({ requestId: `7F000001D37E7F000001A5A56B079AD${i}` }).info(
      {
        method: "GET",
        route: "/school/search",
        status: 200,
        durationMs: 12.3,
        staffId: "4b1f8a4e-0d7c-4a57-9f2e-1a3c5b7d9e11",
        districtId: "9c2e4f6a-8b1d-4c3e-a5f7-2b4d6f8a0c13",
      },
      "request",
    ),
  );
  const metric = time(() => observeHttp({ service: "district", route: "/school/search", method: "GET", status: 200, seconds: 0.0123 }));
  return { line, metric };
}

export async function benchLogging(rounds: number, seconds: number, concurrency: number) {
  const costs = perCallCosts(200_000);
  console.log(
    `Per request, in one process (200,000 calls): an access line ${costs.line.toFixed(1)} µs, a request counted in the metrics ${costs.metric.toFixed(1)} µs; a request through the portal writes two lines (portal, API) and counts twice.`,
  );
  const root = mkdtempSync(join(tmpdir(), "portal-bench-log-"));
  const shape = (n: number, level: string) => ({
    DATA_DIR: join(root, `db${n}`),
    PORT: String(3600 + n),
    DISTRICT_API_PORT: String(4600 + n),
    BILLING_API_PORT: String(4700 + n),
    METRICS_PORT: String(9600 + n),
    PORTAL_METRICS_PORT: String(9700 + n),
    ACCESS_TOKEN_TTL_SECONDS: "3600",
    LOG_MAIL: "false",
    LOG_LEVEL: level,
    LOG_FORMAT: "json",
  });
  const logging = await startStack({ env: shape(1, "info"), quiet: true });
  const silent = await startStack({ env: shape(2, "silent"), build: "never", quiet: true });
  const scrape = setInterval(() => {
    for (const port of [9601, 9602, 9701, 9702])
      void fetch(`http://127.0.0.1:${port}/metrics`).then(
        (r) => r.arrayBuffer(),
        () => {},
      );
  }, 1_000);
  try {
    const searchOn = async (n: number) => {
      const portal = `http://127.0.0.1:${3600 + n}`;
      const login = await fetch(`${portal}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: portal },
        body: JSON.stringify({ email: "admin.ed1@example.org", password: "Demo#Admin2026", code: demoCode() }),
      });
      const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      return () => load(`${portal}/api/district/school/search?searchTerm=&limit=12&page=1`, { cookie }, seconds, concurrency);
    };
    const [withLogs, without] = [await searchOn(1), await searchOn(2)];
    await withLogs(); // warm both up
    await without();
    const on: Result[] = [];
    const off: Result[] = [];
    // Each goes first every other round: neither is always the one after a pause.
    for (let i = 0; i < rounds; i++) {
      if (i % 2 === 0) {
        on.push(await withLogs());
        off.push(await without());
      } else {
        off.push(await without());
        on.push(await withLogs());
      }
    }
    const med = (rs: Result[], key: keyof Result) =>
      percentile(
        rs.map((r) => r[key]),
        50,
      );
    console.log(
      `Logging's cost: BFF school search, ${rounds} rounds of ${seconds} s at concurrency ${concurrency} per stack, alternating (medians of the rounds):`,
    );
    const line = (label: string, rs: Result[]) =>
      console.log(
        `  ${label}: ${med(rs, "rps").toFixed(0)} req/s, p50 ${fmt(med(rs, "p50"))}, p99 ${fmt(med(rs, "p99"))}, errors ${rs.reduce((s, r) => s + r.errors, 0)}`,
      );
    line("access lines at info (JSON)", on);
    line("LOG_LEVEL=silent           ", off);
    console.log(`  p50 ratio: ${(med(on, "p50") / med(off, "p50")).toFixed(3)}; p99 ratio: ${(med(on, "p99") / med(off, "p99")).toFixed(3)}`);
  } finally {
    clearInterval(scrape);
    await logging.stop();
    await silent.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
