import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { freePort } from "../services/test/api-process";
import { freshServerDatabase } from "../services/test/server-database";

/**
 * The release build run as a state runs it (README 'Deploying'), as processes on this machine: one
 * PostgreSQL database, the migration step, two API instances (district and billing), two portal instances
 * and HAProxy with the committed deploy/haproxy.cfg in front, each on ports of its own. The same commands
 * as compose.yaml's services. Used by the rolling-restart test and `npm run bench rolling`.
 */
export type InstanceKind = "api" | "portal";
/** `output`: what it logged since it last started; `log`: since the fleet started. `metricsUrl`: its metrics page, which no load balancer forwards. */
export type Instance = { name: string; kind: InstanceKind; readyUrl: string; metricsUrl: string; child: ChildProcess; output: string; log: string };
export type Fleet = {
  /** The load balancer's portal address: what people open. */
  url: string;
  databaseUrl: string;
  /** What HAProxy logged (a line per request with lbLogLevel "info"). */
  lbLog: () => string;
  instances: Instance[];
  /** Stops the instance with the signal, records its readiness until it exits, starts it again and waits until the load balancer has it back. */
  restart: (instance: Instance, signal: "SIGTERM" | "SIGKILL") => Promise<RestartOutcome>;
  /** Whether HAProxy counts every instance as up. */
  allUp: () => Promise<boolean>;
  stop: () => Promise<void>;
};
export type RestartOutcome = { exitCode: number | null; readinessBeforeExit: number[]; readyAfterMs: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function run(command: string, args: string[], env: Record<string, string>, into: { output: string; log?: string }): ChildProcess {
  const variables: Record<string, string> = { PATH: process.env.PATH ?? "", ...env };
  const child = spawn(command, args, { env: variables as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  const take = (c: Buffer) => {
    into.output += c.toString();
    if (into.log !== undefined) into.log += c.toString();
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  return child;
}

async function finished(command: string, args: string[], env: Record<string, string>) {
  const into = { output: "" };
  const child = run(command, args, env, into);
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  if (code !== 0) throw new Error(`${args.join(" ")} failed (${code}):\n${into.output}`);
}

const status = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    async (r) => (await r.arrayBuffer(), r.status),
    () => 0,
  );

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const began = Date.now();
  while (!(await check())) {
    if (Date.now() - began > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

export async function startFleet(serverUrl: string, options: { graceMs?: number; lbLogLevel?: "notice" | "info" } = {}): Promise<Fleet> {
  const database = await freshServerDatabase(serverUrl, "portal_fleet");
  const port = async () => String(await freePort());
  const lb = { portal: await port(), district: await port(), billing: await port(), stats: await port() };
  const apiPorts = [
    { district: await port(), billing: await port(), metrics: await port() },
    { district: await port(), billing: await port(), metrics: await port() },
  ];
  const portalPorts = [
    { port: await port(), metrics: await port() },
    { port: await port(), metrics: await port() },
  ];
  const secret = () => randomBytes(32).toString("base64url");
  // A staging deployment: the payment provider's stand-in, on purpose (production refuses it otherwise).
  const shared = { INTERNAL_SECRET: secret(), NODE_ENV: "production", SHUTDOWN_GRACE_MS: String(options.graceMs ?? 1_500), PAYMENT_STAND_IN: "allow" };
  const url = `http://127.0.0.1:${lb.portal}`;

  // The release step, then the demo's accounts to sign in with (never seeded in production: on purpose here).
  await finished(process.execPath, ["dist/db-migrate.mjs"], { DATABASE_URL: database.url, NODE_ENV: "production", PAYMENT_STAND_IN: "allow" });
  await finished(process.execPath, ["dist/db-seed.mjs"], { DATABASE_URL: database.url });

  const lbOutput = { output: "" };
  const haproxy = run(
    "haproxy",
    ["-f", "deploy/haproxy.cfg", "-db"],
    {
      LB_PORTAL_BIND: `127.0.0.1:${lb.portal}`,
      LB_API_BIND: `127.0.0.1:${lb.district}`,
      LB_BILLING_BIND: `127.0.0.1:${lb.billing}`,
      LB_STATS_BIND: `127.0.0.1:${lb.stats}`,
      LB_LOG_LEVEL: options.lbLogLevel ?? "notice",
      PORTAL_1: `127.0.0.1:${portalPorts[0]?.port}`,
      PORTAL_2: `127.0.0.1:${portalPorts[1]?.port}`,
      DISTRICT_API_1: `127.0.0.1:${apiPorts[0]?.district}`,
      DISTRICT_API_2: `127.0.0.1:${apiPorts[1]?.district}`,
      BILLING_API_1: `127.0.0.1:${apiPorts[0]?.billing}`,
      BILLING_API_2: `127.0.0.1:${apiPorts[1]?.billing}`,
    },
    lbOutput,
  );

  const jwt = secret();
  const session = secret();
  const launchers = new Map<Instance, () => ChildProcess>();
  const instances: Instance[] = [];
  const add = (name: string, kind: InstanceKind, readyUrl: string, metricsPort: string, launch: (instance: Instance) => ChildProcess) => {
    const instance = { name, kind, readyUrl, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, output: "", log: "" } as Instance;
    launchers.set(instance, () => launch(instance));
    instance.child = launch(instance);
    instances.push(instance);
    return instance;
  };
  apiPorts.forEach((p, i) =>
    add(`api${i + 1}`, "api", `http://127.0.0.1:${p.district}/readyz`, p.metrics, (self) =>
      run(
        process.execPath,
        ["dist/services.mjs"],
        {
          ...shared,
          DATABASE_URL: database.url,
          JWT_SECRET: jwt,
          API_HOST: "127.0.0.1",
          DISTRICT_API_PORT: p.district,
          BILLING_API_PORT: p.billing,
          METRICS_PORT: p.metrics,
          API_WORKERS: "1",
          // Mail goes nowhere here: no scenario of this fleet sends any.
          SMTP_URL: "smtp://127.0.0.1:9",
          PORTAL_URL: url,
        },
        self,
      ),
    ),
  );
  for (const instance of instances) await until(`${instance.name} ready`, async () => (await status(instance.readyUrl)) === 200);
  portalPorts.forEach((p, i) =>
    add(`portal${i + 1}`, "portal", `http://127.0.0.1:${p.port}/readyz`, p.metrics, (self) =>
      run(
        process.execPath,
        ["dist/portal-server.mjs"],
        {
          ...shared,
          PORT: p.port,
          PORTAL_METRICS_PORT: p.metrics,
          PORTAL_HOST: "127.0.0.1",
          PORTAL_URL: url,
          TRUSTED_PROXY_HOPS: "1",
          SESSION_SECRET: session,
          DISTRICT_API_URL: `http://127.0.0.1:${lb.district}`,
          BILLING_API_URL: `http://127.0.0.1:${lb.billing}`,
        },
        self,
      ),
    ),
  );

  /** HAProxy's view of every server, from its statistics page: name → UP, DOWN… */
  const serverStates = async () => {
    const csv = await fetch(`http://127.0.0.1:${lb.stats}/;csv`).then(
      (r) => r.text(),
      () => "",
    );
    const [header = "", ...rows] = csv.split("\n");
    const columns = header.replace(/^# /, "").split(",");
    const at = (name: string) => columns.indexOf(name);
    return new Map(
      rows
        .map((r) => r.split(","))
        .filter((r) => r[at("svname")] && !["FRONTEND", "BACKEND"].includes(r[at("svname")] ?? ""))
        .map((r) => [r[at("svname")] ?? "", r[at("status")] ?? ""]),
    );
  };
  const allUp = async () => {
    const states = await serverStates();
    return states.size === 6 && [...states.values()].every((s) => s === "UP");
  };
  await until("every instance up behind the load balancer", allUp);

  return {
    url,
    databaseUrl: database.url,
    lbLog: () => lbOutput.output,
    instances,
    allUp,
    async restart(instance, signal) {
      const readinessBeforeExit: number[] = [];
      let running = true;
      const exited = new Promise<number | null>((done) => instance.child.once("exit", (code) => ((running = false), done(code))));
      const watching = (async () => {
        while (running) {
          readinessBeforeExit.push(await status(instance.readyUrl));
          await sleep(100);
        }
      })();
      instance.child.kill(signal);
      const exitCode = await exited;
      await watching;
      const began = Date.now();
      instance.output = "";
      instance.child = (launchers.get(instance) as () => ChildProcess)();
      await until(`${instance.name} ready again`, async () => (await status(instance.readyUrl)) === 200);
      const readyAfterMs = Date.now() - began;
      await until(`${instance.name} back behind the load balancer`, allUp);
      return { exitCode, readinessBeforeExit, readyAfterMs };
    },
    async stop() {
      for (const instance of instances) if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill("SIGINT");
      await Promise.all(instances.map((i) => (i.child.exitCode === null && i.child.signalCode === null ? new Promise((d) => i.child.once("exit", d)) : null)));
      haproxy.kill("SIGTERM");
      await database.drop();
    },
  };
}
