import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack } from "../scripts/stack";
import { fmt, percentile } from "./stats";
import { demoCode } from "../services/test/sign-in";

export type Result = { rps: number; p50: number; p99: number; errors: number };

/** `concurrency` loops that each send one request at a time for `seconds`; latencies of every request. */
export async function load(url: string, headers: Record<string, string>, seconds: number, concurrency: number): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

/**
 * The same small authenticated GET (the permission catalogue) through the BFF and straight to the
 * district API, alternating, in one run on this machine.
 */
export async function benchBff(rounds: number, seconds: number, concurrency: number) {
  const root = mkdtempSync(join(tmpdir(), "portal-bench-"));
  const ports = { PORT: "3400", DISTRICT_API_PORT: "4400", BILLING_API_PORT: "4500" };
  const stack = await startStack({ env: { DATA_DIR: join(root, "db"), ...ports, ACCESS_TOKEN_TTL_SECONDS: "3600", LOG_MAIL: "false" }, quiet: true });
  try {
    // 127.0.0.1 on both paths: resolving "localhost" costs the client about a millisecond per request.
    const portal = `http://127.0.0.1:${ports.PORT}`;
    const credentials = { email: "admin.ed1@example.org", password: "Demo#Admin2026", code: demoCode() };
    const login = await fetch(`${portal}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: portal },
      body: JSON.stringify(credentials),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const direct = await fetch(`http://127.0.0.1:${ports.DISTRICT_API_PORT}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: credentials.email, password: credentials.password, code: credentials.code }),
    });
    const token = ((await direct.json()) as { authorizationToken: string }).authorizationToken;
    const path = "permission/by-restriction/District";
    const viaBff = () => load(`${portal}/api/district/${path}`, { cookie }, seconds, concurrency);
    const straight = () => load(`http://127.0.0.1:${ports.DISTRICT_API_PORT}/${path}`, { authorization: `Bearer ${token}` }, seconds, concurrency);
    await viaBff(); // warm both paths up
    await straight();
    const bff: Result[] = [];
    const api: Result[] = [];
    for (let i = 0; i < rounds; i++) {
      api.push(await straight());
      bff.push(await viaBff());
    }
    const med = (rs: Result[], key: keyof Result) =>
      percentile(
        rs.map((r) => r[key]),
        50,
      );
    console.log(`BFF overhead: GET /${path}, ${rounds} rounds of ${seconds} s at concurrency ${concurrency} (medians of the rounds):`);
    console.log(
      `  straight to the API: ${med(api, "rps").toFixed(0)} req/s, p50 ${fmt(med(api, "p50"))}, p99 ${fmt(med(api, "p99"))}, errors ${api.reduce((s, r) => s + r.errors, 0)}`,
    );
    console.log(
      `  through the BFF:     ${med(bff, "rps").toFixed(0)} req/s, p50 ${fmt(med(bff, "p50"))}, p99 ${fmt(med(bff, "p99"))}, errors ${bff.reduce((s, r) => s + r.errors, 0)}`,
    );
    console.log(`  p50 ratio BFF/API: ${(med(bff, "p50") / med(api, "p50")).toFixed(2)}; added p50: ${fmt(med(bff, "p50") - med(api, "p50"))}`);
  } finally {
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
