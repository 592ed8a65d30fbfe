import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createLifecycle } from "./lifecycle";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function get(port: number, path: string, agent?: Agent) {
  return new Promise<{ status: number; connection: string | undefined; keepAlive: string | undefined; body: string }>((done, fail) => {
    request({ port, host: "127.0.0.1", path, agent: agent ?? false }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, connection: res.headers.connection, keepAlive: res.headers["keep-alive"]?.toString(), body }));
    })
      .on("error", fail)
      .end();
  });
}

/** A server whose /slow answers after `ms`, with a lifecycle tracking it. */
async function serverWith(ms: number, options: { keepIdleConnections?: boolean } = {}) {
  const lines: string[] = [];
  const lifecycle = createLifecycle((line) => lines.push(line));
  const server: Server = createServer((req, res) => {
    if (req.url === "/readyz") return void res.writeHead(lifecycle.state() === "ready" ? 200 : 503).end(lifecycle.state());
    setTimeout(() => res.end("done"), req.url === "/slow" ? ms : 0);
  });
  lifecycle.track(server, options);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  lifecycle.ready();
  return { server, lifecycle, lines, port: (server.address() as AddressInfo).port };
}

describe("idle connections", () => {
  it("are kept for 65 s where asked (the portal), announced to the client, so a client reusing one after Node's usual 5 s is not reset", async () => {
    const { server, port } = await serverWith(0, { keepIdleConnections: true });
    const keptAlive = new Agent({ keepAlive: true });
    expect((await get(port, "/quick", keptAlive)).keepAlive).toBe("timeout=65");
    keptAlive.destroy();
    server.close();
  });

  it("keep Node's 5 s otherwise (the APIs, whose clients close theirs first)", async () => {
    const { server, port } = await serverWith(0);
    const keptAlive = new Agent({ keepAlive: true });
    expect((await get(port, "/quick", keptAlive)).keepAlive).toBe("timeout=5");
    keptAlive.destroy();
    server.close();
  });
});

describe("draining on SIGTERM", () => {
  it("turns readiness 503 at once, keeps serving through the grace period, then lets the request in flight finish and refuses new connections", async () => {
    const { server, lifecycle, lines, port } = await serverWith(800);
    const keptAlive = new Agent({ keepAlive: true });
    expect((await get(port, "/readyz", keptAlive)).status).toBe(200);
    const inFlight = get(port, "/slow");
    await sleep(50);
    const drained = lifecycle.drain([server], { graceMs: 300, drainMs: 5_000 });
    const during = await get(port, "/readyz", keptAlive);
    expect(during).toMatchObject({ status: 503, body: "draining", connection: "close" }); // served, and told to close its connection
    expect((await get(port, "/quick")).status).toBe(200);
    await sleep(400); // past the grace: no new connections
    await expect(get(port, "/quick")).rejects.toThrow();
    expect(await inFlight).toMatchObject({ status: 200, body: "done" });
    expect(await drained).toBe(true);
    expect(lines.at(-1)).toContain("every request in flight finished");
    keptAlive.destroy();
  });

  it("cuts off what is still running at the drain deadline, and says so", async () => {
    const { server, lifecycle, lines, port } = await serverWith(10_000);
    const stuck = get(port, "/slow").catch(() => "cut off");
    await sleep(50);
    expect(await lifecycle.drain([server], { graceMs: 0, drainMs: 200 })).toBe(false);
    expect(await stuck).toBe("cut off");
    expect(lines.at(-1)).toMatch(/deadline .* 1 requests cut off/);
  });
});
