import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startFleet, type RestartOutcome } from "./fleet";
import { startLoad, storedCounts } from "./load";

/**
 * The release build deployed as a state would (deploy/fleet.ts: PostgreSQL, the migration step, two API
 * instances, two portals, HAProxy with deploy/haproxy.cfg), restarted under load: every instance in turn
 * with SIGTERM and started again, then one of each tier killed with SIGKILL and started again. No read
 * may fail, every acknowledged write is stored exactly once and no other one twice, the readers' sessions
 * (signed in once, at the start) hold across every instance, and each graceful exit was preceded by
 * readiness 503. Needs TEST_DATABASE_URL and HAProxy (`.ci/run` installs Debian's).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const haproxy = spawnSync("haproxy", ["-v"]).status === 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
if (!serverUrl || !haproxy)
  console.warn(
    `[deploy] the rolling-restart test is skipped: ${!serverUrl ? "TEST_DATABASE_URL is not set" : "haproxy is not installed (apt-get install haproxy)"}`,
  );

describe.skipIf(!serverUrl || !haproxy)("the release build behind a real load balancer", () => {
  it("restarts every instance under load, gracefully and with kill -9, without a failed read or a write lost or doubled", async () => {
    const fleet = await startFleet(serverUrl ?? "");
    try {
      const load = await startLoad(fleet.url, { sessions: 6, readers: 6, writers: 2, pauseMs: 20 });
      await sleep(1_500);
      const graceful: [string, RestartOutcome][] = [];
      for (const instance of fleet.instances) graceful.push([instance.name, await fleet.restart(instance, "SIGTERM")]);
      const killed: [string, RestartOutcome][] = [];
      for (const kind of ["api", "portal"] as const) {
        const instance = fleet.instances.find((i) => i.kind === kind);
        if (instance) killed.push([instance.name, await fleet.restart(instance, "SIGKILL")]);
      }
      await sleep(1_500);
      const tally = await load.stop();
      console.log(
        `[rolling restart] ${tally.reads} reads (${tally.readFailures.length} failed), ${tally.acknowledged.length} writes acknowledged, ${tally.unacknowledged.length} not; ` +
          [...graceful, ...killed].map(([name, o]) => `${name}: exit ${o.exitCode}, ready again in ${(o.readyAfterMs / 1000).toFixed(1)} s`).join("; "),
      );

      for (const [name, outcome] of graceful) {
        expect(outcome.exitCode, name).toBe(0);
        expect(outcome.readinessBeforeExit, `${name}'s readiness while it stopped`).toContain(503);
      }
      expect(killed.map(([name]) => name)).toEqual(["api1", "portal1"]);
      expect(tally.reads).toBeGreaterThan(200);
      expect(tally.readFailures).toEqual([]);
      expect(tally.acknowledged.length).toBeGreaterThan(20);
      const stored = await storedCounts(fleet.databaseUrl, load.tag);
      for (const name of tally.acknowledged) expect(stored.get(name), name).toBe(1);
      for (const name of tally.unacknowledged) expect(stored.get(name) ?? 0, name).toBeLessThanOrEqual(1);
      expect([...stored.keys()].every((name) => tally.acknowledged.includes(name) || tally.unacknowledged.includes(name))).toBe(true);
      expect(await fleet.allUp()).toBe(true);
    } finally {
      await fleet.stop();
    }
  }, 600_000);
});
