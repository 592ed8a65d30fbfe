import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { methodNotAllowedMessage, undecodablePathMessage } from "../lib/contract/messages";
import { freePort, startApiProcess, type ApiProcess } from "../services/test/api-process";
import { seededDataDirIn } from "../services/test/seeded-database";
import { serverArgs } from "../services/test/server-bundle";

/**
 * Issue 35, finding 13: TRACE on any page, OPTIONS or PUT on /_next/static/*, and `%ff` in a BFF path
 * reached Next, which answered 500 and logged a TypeError each time. The portal's server answers them
 * itself: 405 with Allow for a method the address does not take, 400 for a path that cannot be decoded,
 * and nothing is logged as an error.
 */
const secret = () => randomBytes(32).toString("base64url");
const pageMethods = "GET, HEAD, POST";
const bffMethods = "DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT";
const staticMethods = "GET, HEAD";

type Portal = { port: number; output: () => string; child: ChildProcess };
let running: { portal?: Portal; apis?: ApiProcess; dir?: string } = {};
afterEach(async () => {
  const { portal, apis, dir } = running;
  running = {};
  if (portal && portal.child.exitCode === null) {
    const exited = new Promise((done) => portal.child.once("exit", done));
    portal.child.kill("SIGINT");
    await exited;
  }
  await apis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The portal's server as production runs it (JSON log lines), until the given line appears in its output. */
async function startPortal(env: Record<string, string>, until: string): Promise<Portal> {
  const port = await freePort();
  const variables: Record<string, string> = { PATH: process.env.PATH ?? "", PORT: String(port), SESSION_SECRET: secret(), LOG_FORMAT: "json", ...env };
  const child = spawn(process.execPath, serverArgs("portal-server"), {
    env: variables as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const portal = { port, output: () => output, child };
  running.portal = portal;
  const began = Date.now();
  while (!output.includes(until)) {
    if (child.exitCode !== null) throw new Error(`the portal stopped:\n${output}`);
    if (Date.now() - began > 90_000) throw new Error(`the portal did not say "${until}":\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return portal;
}

/** A request as sent, path untouched (as `curl --path-as-is -X`). */
function send(port: number, method: string, path: string) {
  return new Promise<{ status: number; allow: string | undefined; body: string }>((done, fail) => {
    request({ port, host: "127.0.0.1", method, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    })
      .on("error", fail)
      .end();
  });
}

/** Lines the portal logged at error level or above. */
const errorLines = (output: string) =>
  output.split("\n").filter((line) => /TypeError|"level":"(error|fatal)"/.test(line) || (!line.startsWith("{") && /error/i.test(line)));

async function expectRefusals(port: number) {
  for (const [method, path, allow] of [
    ["TRACE", "/login", pageMethods],
    ["TRACE", "/", pageMethods],
    ["TRACE", "/administration/school-management", pageMethods],
    ["PUT", "/login", pageMethods],
    ["DELETE", "/dashboard", pageMethods],
    ["PROPFIND", "/login", pageMethods],
    ["OPTIONS", "/login", pageMethods],
    ["TRACE", "/api/auth/session", bffMethods],
    ["TRACE", "/api/district/school/search", bffMethods],
    ["OPTIONS", "/_next/static/chunks/main.js", staticMethods],
    ["PUT", "/_next/static/chunks/main.js", staticMethods],
    ["POST", "/_next/static/chunks/main.js", staticMethods],
  ] as const) {
    const answer = await send(port, method, path);
    expect(answer.status, `${method} ${path}`).toBe(405);
    expect(answer.allow, `${method} ${path}`).toBe(allow);
    expect(answer.body).toContain(methodNotAllowedMessage);
  }
  for (const path of ["/api/district/%ff", "/api/district/school/%ff", "/api/billing/wallet/%c3%28", "/%ff", "/login/%e0%80"]) {
    const answer = await send(port, "GET", path);
    expect(answer.status, path).toBe(400);
    expect(answer.body).toContain(undecodablePathMessage);
  }
}

describe("methods and paths the portal does not serve", () => {
  it("answers 405 with Allow and 400 for an undecodable path itself, even while it starts", async () => {
    // APIs that never answer: the portal waits for their handshake and serves nothing of Next's meanwhile.
    const portal = await startPortal(
      { INTERNAL_SECRET: secret(), DISTRICT_API_URL: `http://127.0.0.1:${await freePort()}`, BILLING_API_URL: `http://127.0.0.1:${await freePort()}` },
      "listening on",
    );
    await expectRefusals(portal.port);
    expect((await send(portal.port, "GET", "/login?next=%ff")).status).toBe(503);
    expect(errorLines(portal.output())).toEqual([]);
  }, 120_000);

  // Next's own answers need the built portal (`npm run build`, or `npm start`'s build); without one there is nothing to serve.
  it.runIf(existsSync(".next/BUILD_ID"))(
    "answers them before Next, which would have failed with a logged TypeError; what it serves it still serves",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "portal-guard-"));
      running.dir = dir;
      const shared = secret();
      const apis = await startApiProcess({ DATA_DIR: seededDataDirIn(dir), INTERNAL_SECRET: shared });
      running.apis = apis;
      const portal = await startPortal({ INTERNAL_SECRET: shared, DISTRICT_API_URL: apis.districtUrl, BILLING_API_URL: apis.billingUrl }, "ready on");
      await expectRefusals(portal.port);
      expect((await send(portal.port, "GET", "/login?next=%ff")).status).toBe(200);
      expect((await send(portal.port, "HEAD", "/login")).status).toBe(200);
      expect((await send(portal.port, "GET", "/api/district/school/search")).status).toBe(401);
      expect(errorLines(portal.output())).toEqual([]);
    },
    180_000,
  );
});
