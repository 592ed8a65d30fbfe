import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFleet, type Fleet, type RestartOutcome } from "./fleet";
import { signIn, startLoad, storedCounts } from "./load";

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

/** The JSON lines an instance logged (production's format), each parsed. */
const linesOf = (log: string) =>
  log
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe.skipIf(!serverUrl || !haproxy)("the release build behind a real load balancer", () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet(serverUrl ?? "");
  });
  afterAll(async () => {
    await fleet?.stop();
  });

  it("ties a request together across both tiers' logs, keeps personal values out of them, and counts it in metrics no public route shows", async () => {
    const cookie = await signIn(fleet.url);
    // What a person types: names, an e-mail, a phone number, a password. None of it may reach a log line.
    const personal = ["Adaeze Okonkwo-Bello", "chioma.nwosu@example.org", "08034445566", "Sekret#Wrong2026"];
    const search = await fetch(`${fleet.url}/api/district/school/search?searchTerm=${encodeURIComponent(personal[0] ?? "")}&limit=5`, { headers: { cookie } });
    expect(search.status).toBe(200);
    const requestId = search.headers.get("x-request-id") ?? "";
    expect(requestId).toMatch(/^[0-9A-F]{16,}$/); // made by the load balancer
    await fetch(`${fleet.url}/api/district/school/search?searchTerm=${personal[2]}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
    const refused = await fetch(`${fleet.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: fleet.url },
      body: JSON.stringify({ email: personal[1], password: personal[3] }),
    });
    expect(refused.status).toBe(401);
    await fetch(`${fleet.url}/api/district/school/add`, {
      method: "POST",
      headers: { cookie, origin: fleet.url, "content-type": "application/json" },
      body: JSON.stringify({
        name: `${personal[0]} Memorial School`,
        description: personal[1],
        address: personal[2],
        localGovernment: "Agege",
        category: "Primary",
      }),
    }).then((r) => r.arrayBuffer());
    await sleep(300);

    const portals = fleet.instances.filter((i) => i.kind === "portal");
    const apis = fleet.instances.filter((i) => i.kind === "api");
    const portalLine = portals.flatMap((i) => linesOf(i.log)).find((l) => l.requestId === requestId && l.msg === "request");
    expect(portalLine).toMatchObject({ component: "portal", method: "GET", route: "/api/district/[...path]", status: 200 });
    expect(portalLine?.staffId).toEqual(expect.any(String));
    const apiLine = apis.flatMap((i) => linesOf(i.log)).find((l) => l.requestId === requestId && l.msg === "request");
    expect(apiLine).toMatchObject({ component: "district api", method: "GET", route: "/school/search", status: 200, staffId: portalLine?.staffId });
    expect(apiLine?.districtId).toEqual(expect.any(String));

    const everything = fleet.instances.map((i) => i.log).join("\n");
    for (const value of personal) expect(everything, value).not.toContain(value);
    const accessLines = fleet.instances.flatMap((i) => linesOf(i.log)).filter((l) => l.msg === "request");
    expect(accessLines.length).toBeGreaterThan(8);
    for (const value of ["admin.ed1@example.org", "Demo#Admin2026", "searchTerm"]) expect(JSON.stringify(accessLines), value).not.toContain(value);

    const portalMetrics = await fetch(portals[0]?.metricsUrl ?? "").then((r) => r.text());
    expect(portalMetrics).toMatch(/^http_requests_total\{service="portal",route="\/api\/district\/\[\.\.\.path\]",method="GET",status="200"\} \d+/m);
    expect(portalMetrics).toContain("http_request_duration_seconds_bucket{");
    expect(portalMetrics).toMatch(/^admission_in_flight\{service="portal"\} \d+/m);
    expect(portalMetrics).toContain("process_resident_memory_bytes");
    const apiMetrics = (await Promise.all(apis.map((i) => fetch(i.metricsUrl).then((r) => r.text())))).join("\n");
    expect(apiMetrics).toMatch(/^http_requests_total\{service="district",route="\/school\/search",method="GET",status="200"\} \d+/m);
    expect(apiMetrics).toMatch(/^admission_shed_total\{service="district"\} \d+/m);
    // The public address answers no metrics, signed in or not.
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const page = await fetch(`${fleet.url}/metrics`, { headers, redirect: "manual" });
      expect(page.status).not.toBe(200);
      expect(await page.text()).not.toContain("http_requests_total");
    }
  }, 120_000);

  it("restarts every instance under load, gracefully and with kill -9, without a failed read or a write lost or doubled", async () => {
    {
      const load = await startLoad(fleet.url, { sessions: 6, readers: 6, writers: 2, pauseMs: 20 });
      await sleep(1_500);
      const graceful: [string, RestartOutcome][] = [];
      for (const instance of fleet.instances) graceful.push([instance.name, await fleet.restart(instance, "SIGTERM")]);
      const killed: [string, RestartOutcome][] = [];
      const killing: [number, number][] = [];
      for (const kind of ["api", "portal"] as const) {
        const instance = fleet.instances.find((i) => i.kind === kind);
        const from = performance.now();
        if (instance) killed.push([instance.name, await fleet.restart(instance, "SIGKILL")]);
        killing.push([from, performance.now()]);
      }
      await sleep(1_500);
      const tally = await load.stop();
      console.log(
        `[rolling restart] ${tally.reads} reads (${tally.readFailures.length} failed, ${tally.cutBodies.length} cut by a kill -9), ${tally.acknowledged.length} writes acknowledged, ${tally.unacknowledged.length} not; ` +
          [...graceful, ...killed].map(([name, o]) => `${name}: exit ${o.exitCode}, ready again in ${(o.readyAfterMs / 1000).toFixed(1)} s`).join("; "),
      );

      for (const [name, outcome] of graceful) {
        expect(outcome.exitCode, name).toBe(0);
        expect(outcome.readinessBeforeExit, `${name}'s readiness while it stopped`).toContain(503);
      }
      expect(killed.map(([name]) => name)).toEqual(["api1", "portal1"]);
      expect(tally.reads).toBeGreaterThan(200);
      expect(tally.readFailures).toEqual([]);
      // A kill -9 cuts the page its instance was sending: no load balancer can send again what a client has half
      // received. Such cuts are allowed only while an instance is being killed; never during graceful restarts.
      expect(tally.cutBodies.filter((cut) => !killing.some(([from, to]) => cut.at >= from && cut.at <= to))).toEqual([]);
      expect(tally.acknowledged.length).toBeGreaterThan(20);
      const stored = await storedCounts(fleet.databaseUrl, load.tag);
      for (const name of tally.acknowledged) expect(stored.get(name), name).toBe(1);
      for (const name of tally.unacknowledged) expect(stored.get(name) ?? 0, name).toBeLessThanOrEqual(1);
      expect([...stored.keys()].every((name) => tally.acknowledged.includes(name) || tally.unacknowledged.includes(name))).toBe(true);
      expect(await fleet.allUp()).toBe(true);
    }
  }, 600_000);
});
