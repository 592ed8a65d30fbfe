import { writeFileSync } from "node:fs";
import { startFleet, type RestartOutcome } from "../deploy/fleet";
import { startLoad, storedCounts, type Tally } from "../deploy/load";
import { buildPortal, buildServers } from "../scripts/release-build";
import { fmt, median, percentile } from "./stats";

/**
 * The deployment test's rolling restart under heavier load (issue 31): the release build on PostgreSQL
 * behind HAProxy (deploy/fleet.ts), `connections` clients through the load balancer (a tenth of them
 * writing), first `seconds` with nothing happening, then while every instance is restarted with SIGTERM
 * and one of each tier killed with SIGKILL. Requests served, failures, p50/p99 of reads with and without
 * restarts, and how long each instance took to be ready again. Loopback only; it stops by itself.
 * BENCH_DATABASE_URL names the server (default: the local one at 127.0.0.1:5432, database test).
 */
const tallied = (reasons: string[]) => {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return counts;
};

export async function benchRolling(seconds: number, connections: number) {
  await buildPortal(process.env);
  await buildServers();
  const fleet = await startFleet(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test", { lbLogLevel: "info" });
  try {
    const writers = Math.max(1, Math.round(connections / 10));
    const shape = { sessions: 10, readers: connections - writers, writers };
    console.log(`quiet phase from ${new Date().toISOString()}`);
    const quiet = await startLoad(fleet.url, shape);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const still = await quiet.stop();

    console.log(`restarts from ${new Date().toISOString()}`);
    const rolling = await startLoad(fleet.url, shape);
    const began = performance.now();
    const outcomes: [string, RestartOutcome][] = [];
    for (const instance of fleet.instances) outcomes.push([`${instance.name} (SIGTERM)`, await fleet.restart(instance, "SIGTERM")]);
    for (const kind of ["api", "portal"] as const) {
      const instance = fleet.instances.find((i) => i.kind === kind);
      if (instance) outcomes.push([`${instance.name} (SIGKILL)`, await fleet.restart(instance, "SIGKILL")]);
    }
    const restarting = await rolling.stop();
    const took = (performance.now() - began) / 1000;

    const stored = new Map([...(await storedCounts(fleet.databaseUrl, quiet.tag)), ...(await storedCounts(fleet.databaseUrl, rolling.tag))]);
    const lost = [...still.acknowledged, ...restarting.acknowledged].filter((name) => stored.get(name) !== 1).length;
    // A 503 is the load shedding's answer (the machine is past what it serves), not a failure of the restarts.
    const shed = (t: Tally) => t.readFailures.filter((f) => / 503( |$)/.test(f)).length;
    const line = (label: string, t: Tally, s: number) =>
      console.log(
        `  ${label}: ${t.reads} reads (${(t.reads / s).toFixed(0)}/s): ${t.readMs.length} served, ${shed(t)} shed for load (503), ${t.readFailures.length - shed(t)} failed otherwise, ${t.cutBodies.length} cut by a kill -9; ` +
          `served p50 ${fmt(median(t.readMs))}, p99 ${fmt(percentile(t.readMs, 99))}; ` +
          `${t.acknowledged.length} writes acknowledged, ${t.unacknowledged.length} not`,
      );
    console.log(`rolling restart (release build, PostgreSQL, 2 APIs + 2 portals behind HAProxy; ${connections} clients, ${writers} of them writing):`);
    line(`without restarts, ${seconds} s`, still, seconds);
    line(`during the restarts, ${took.toFixed(0)} s`, restarting, took);
    console.log(
      `  acknowledged writes not stored exactly once: ${lost}; reads not served, by reason: ${
        [...tallied([...still.readFailures, ...restarting.readFailures])].map(([reason, n]) => `${n} × ${reason}`).join("; ") || "none"
      }`,
    );
    if (process.env.BENCH_LB_LOG) writeFileSync(process.env.BENCH_LB_LOG, fleet.lbLog());
    // HAProxy's termination states of the requests it did not answer whole (README 'Deploying': its log line).
    const states = tallied(
      fleet
        .lbLog()
        .split("\n")
        .map((line) => line.split(" "))
        .filter((f) => f.length > 9 && /^[A-Za-z-]{4}$/.test(f[7] ?? "") && f[7] !== "----")
        .map((f) => `${f[7]} ${f[3]?.split("/")[0]} ${f[5]}`),
    );
    console.log(`  load balancer, requests not ended cleanly (state, backend, status): ${[...states].map(([s, n]) => `${n} × ${s}`).join("; ") || "none"}`);
    console.log(`  ready again after start: ${outcomes.map(([name, o]) => `${name} ${(o.readyAfterMs / 1000).toFixed(1)} s`).join(", ")}`);
  } finally {
    await fleet.stop();
  }
}
