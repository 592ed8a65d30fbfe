import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { builtFingerprint, currentFingerprint } from "./build-fingerprint";
import { buildPortal } from "./release-build";
import { loadOrCreateSecrets } from "./secrets";
import { supervise } from "./supervise";

export type StackOptions = {
  dev?: boolean;
  env?: Record<string, string | undefined>;
  quiet?: boolean;
  /**
   * "never": a second stack on the same checkout (the fault tests') must serve the build that is there;
   * rebuilding would replace the files the first stack is serving.
   */
  build?: "when-stale" | "never";
  /** The supervisor's waits before restarting a crashed part (scripts/supervise.ts has the product's). */
  restartDelaysMs?: readonly number[];
};
export type Stack = {
  portalUrl: string;
  embedded: boolean;
  stop: () => Promise<void>;
  /** Resolves when a part kept crashing and the supervisor gave up. */
  exited: Promise<number>;
  /** How many times a crashed part was restarted. */
  restarts: () => number;
  /** Sends a signal to the APIs' process (fault tests: SIGSTOP, SIGCONT, SIGKILL). */
  signalApis: (signal: NodeJS.Signals) => void;
  /** The running processes' ids: the APIs' (the primary, with its workers below it) and the portal's. */
  pids: () => { apis?: number; portal?: number };
};

function run(args: string[], env: NodeJS.ProcessEnv, label: string, quiet: boolean): ChildProcess {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const relay = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) =>
    stream?.on("data", (chunk: Buffer) => {
      if (!quiet) out.write(chunk.toString().replace(/^(?=.)/gm, `[${label}] `));
    });
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  return child;
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before it was ready.`);
    try {
      const response = await fetch(url, { redirect: "manual" });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

/**
 * The whole product: the APIs (one process, embedded database unless DATABASE_URL is set) and the
 * portal. Builds the portal first when its sources changed since the last build.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const base = { ...process.env, ...options.env };
  const quiet = options.quiet ?? false;
  const dataDir = base.DATA_DIR || ".data/db";
  const secrets = loadOrCreateSecrets(`${resolve(dataDir)}.secrets.json`, base);
  const port = base.PORT || "3000";
  const districtPort = base.DISTRICT_API_PORT || "4000";
  const billingPort = base.BILLING_API_PORT || "4100";
  const env: NodeJS.ProcessEnv = {
    ...base,
    ...secrets,
    DATA_DIR: dataDir,
    DISTRICT_API_PORT: districtPort,
    BILLING_API_PORT: billingPort,
    DISTRICT_API_URL: base.DISTRICT_API_URL || `http://127.0.0.1:${districtPort}`,
    BILLING_API_URL: base.BILLING_API_URL || `http://127.0.0.1:${billingPort}`,
    NEXT_TELEMETRY_DISABLED: "1",
    // `npm start` asks for the demo (the APIs never seed it with NODE_ENV=production, nor unasked), and
    // without an SMTP server prints mail to the log so the demo's reset codes can be read offline.
    SEED_DEMO: base.SEED_DEMO || "true",
    LOG_MAIL: base.LOG_MAIL || (base.SMTP_URL ? "false" : "true"),
    // Read by a person at a terminal: readable lines, not production's JSON (README 'Logs').
    LOG_FORMAT: base.LOG_FORMAT || "pretty",
  };

  if (!options.dev) {
    if (options.build === "never") {
      if (builtFingerprint() !== currentFingerprint(env))
        throw new Error("The portal's build does not match this stack's sources or public settings (NEXT_PUBLIC_*), and this stack may not rebuild it.");
    } else await buildPortal(env);
  }

  // The portal needs the APIs only when a request comes in: start both at once.
  // The APIs put the portal's address in e-mailed links; the portal itself reads PORTAL_URL as its public origin, so only they get the default.
  const startServices = () => run(["--import", "tsx", "services/main.ts"], { PORTAL_URL: `http://localhost:${port}`, ...env }, "api", quiet);
  const portalArgs = ["--import", "tsx", "scripts/portal-server.ts", ...(options.dev ? ["--dev"] : [])];
  const startPortal = () => run(portalArgs, { ...env, PORT: port, NODE_ENV: options.dev ? "development" : "production" }, "portal", quiet);
  const services = startServices();
  const portal = startPortal();
  const portalUrl = `http://localhost:${port}`;
  try {
    // A first start that fails (a refused configuration, a port in use) is reported, not retried.
    await Promise.all([waitFor(`${env.DISTRICT_API_URL}/health`, services, "The APIs"), waitFor(`${portalUrl}/login`, portal, "The portal")]);
  } catch (error) {
    services.kill("SIGINT");
    portal.kill("SIGINT");
    throw error;
  }

  // From here on a crash of either is restarted with back-off, and the other keeps running.
  const restarting = { delaysMs: options.restartDelaysMs };
  const supervised = [supervise("the APIs", services, startServices, restarting), supervise("the portal", portal, startPortal, restarting)];
  const stop = async () => {
    await Promise.all(supervised.map((s) => s.stop()));
  };
  const exited = Promise.race(supervised.map((s) => s.gaveUp));
  const restarts = () => supervised.reduce((sum, s) => sum + s.restarts(), 0);
  const [apis, portalProcess] = supervised;
  return {
    portalUrl,
    embedded: !env.DATABASE_URL,
    stop,
    exited,
    restarts,
    signalApis: (signal) => apis?.signal(signal),
    pids: () => ({ apis: apis?.pid(), portal: portalProcess?.pid() }),
  };
}
