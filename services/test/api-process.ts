import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { serverArgs } from "./server-bundle";

/** A port nobody listens on just now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export type ApiProcess = {
  child: ChildProcess;
  districtUrl: string;
  billingUrl: string;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Both APIs as `npm run services` runs them (services/main.ts in a process of their own, from the run's bundle), on free ports,
 * with fresh secrets; `env` names the database (DATA_DIR or DATABASE_URL) and anything else; `args`, Node's
 * arguments, say what it runs (bench/api-start.ts compares the two ways). Resolves once they are ready to serve.
 */
export async function startApiProcess(env: Record<string, string>, args = serverArgs("services")): Promise<ApiProcess> {
  const [districtPort, billingPort] = [await freePort(), await freePort()];
  const variables: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    JWT_SECRET: randomBytes(32).toString("base64url"),
    INTERNAL_SECRET: randomBytes(32).toString("base64url"),
    API_HOST: "127.0.0.1",
    DISTRICT_API_PORT: String(districtPort),
    BILLING_API_PORT: String(billingPort),
    API_WORKERS: "1",
    LOG_MAIL: "false",
    PORTAL_URL: "http://127.0.0.1:9",
    ...env,
  };
  const child = spawn(process.execPath, args, { env: variables as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const districtUrl = `http://127.0.0.1:${districtPort}`;
  const began = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the APIs stopped while starting:\n${output}`);
    if (
      // Ready, not only alive: the APIs listen before they have finished starting (readiness turns 200 last).
      await fetch(`${districtUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - began > 120_000) throw new Error(`the APIs did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    districtUrl,
    billingUrl: `http://127.0.0.1:${billingPort}`,
    output: () => output,
    stop: async () => {
      // SIGINT, as the one-machine stack stops them: what is in flight finishes, without SIGTERM's grace of serving
      // on for a load balancer, which none is here to notice (serve-shutdown.test.ts proves that grace).
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
      await exited;
    },
  };
}

/** A process's resident memory now and at its peak since the last `resetPeak`, in MB (Linux). */
export function residentMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/** Starts the peak of `residentMemory` again from the present resident size. */
export function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}
