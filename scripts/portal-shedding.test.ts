import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { abandonedGet } from "../services/test/abandoned-request";
import { createLoadShedder } from "./portal-shedding";

/**
 * The shedder in front of a real HTTP server whose handler stands in for Next's: a slow read, a page
 * that streams, and a quick sign-in page. Clients give up on requests at every stage, as browsers do
 * on every navigation; afterwards the portal must serve at once, and hold no slot.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: Server | undefined;
let shed: ReturnType<typeof createLoadShedder>;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

function start(limits = { maxInFlight: 4, maxQueue: 50, maxWaitMs: 500 }) {
  shed = createLoadShedder(limits, undefined);
  server = createServer((req, res) => {
    void shed(req, res, () => {
      if (req.url?.startsWith("/api/very-slow")) {
        setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end("{}"), 2_000);
      } else if (req.url?.startsWith("/api/slow")) {
        setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end("{}"), 300);
      } else if (req.url === "/streaming") {
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<p>first part</p>");
        setTimeout(() => res.end("<p>last part</p>"), 2_000);
      } else res.writeHead(200, { "content-type": "text/html" }).end("<h1>Sign in</h1>");
    });
  });
  return new Promise<number>((ready) => server?.listen(0, "127.0.0.1", () => ready((server?.address() as AddressInfo).port)));
}

function get(port: number, path: string) {
  return new Promise<{ status: number; ms: number }>((done, fail) => {
    const began = performance.now();
    request({ port, host: "127.0.0.1", path, agent: false }, (res) => {
      res.resume();
      res.on("end", () => done({ status: res.statusCode ?? 0, ms: performance.now() - began }));
    })
      .on("error", fail)
      .end();
  });
}

describe("the portal's load shedding when clients give up", () => {
  it("gives every slot back: abandoned while queued, while served and while streaming, the portal then serves at once", async () => {
    const port = await start();
    // 3 admitted (a quarter of the slots is kept for pages) and 17 queued, all given up on once the portal holds them
    // all (on a loaded machine 50 ms may pass before it has read them): the queued ones while they wait for a turn.
    const held = (async () => {
      for (let i = 0; i < 500; i++) {
        const { inFlight, waiting } = shed.admission.stats();
        if (inFlight + waiting === 20) return;
        await sleep(10);
      }
    })();
    await Promise.all(Array.from({ length: 20 }, () => abandonedGet(`http://127.0.0.1:${port}/api/slow-read`, { once: held })));
    // Pages given up on halfway through their stream.
    await Promise.all(Array.from({ length: 4 }, () => abandonedGet(`http://127.0.0.1:${port}/streaming`, "first-bytes")));
    await sleep(1_000);
    for (let i = 0; i < 8; i++) {
      const page = await get(port, "/login");
      expect(page.status).toBe(200);
      expect(page.ms).toBeLessThan(1_000);
    }
    expect(shed.admission.stats()).toMatchObject({ inFlight: 0, waiting: 0 });
    expect(shed.admission.stats().abandoned).toBeGreaterThan(0);
  });

  it("serves a person's page while background reads fill the queue", async () => {
    const port = await start({ maxInFlight: 4, maxQueue: 8, maxWaitMs: 2_000 });
    const reads = Promise.all(Array.from({ length: 40 }, () => get(port, "/api/slow-read")));
    await sleep(50);
    const page = await get(port, "/dashboard");
    expect(page.status).toBe(200);
    // A slot is kept for pages: it does not wait for the reads ahead of it (each takes 300 ms).
    expect(page.ms).toBeLessThan(250);
    const statuses = (await reads).map((r) => r.status);
    expect(statuses).toContain(503); // the reads beyond the queue were shed, not the page
    expect(shed.admission.stats()).toMatchObject({ inFlight: 0, waiting: 0 });
  });

  it("never sheds the payment provider's webhook, however full the portal is (issue 33)", async () => {
    const port = await start({ maxInFlight: 1, maxQueue: 1, maxWaitMs: 2_000 });
    // Reads that hold the one slot for 2 s each: a webhook that waited for a turn would take that long at least.
    const reads = Promise.all(Array.from({ length: 10 }, () => get(port, "/api/very-slow-read")));
    await sleep(50);
    const webhooks = await Promise.all(Array.from({ length: 5 }, () => get(port, "/api/payments/webhook")));
    expect(webhooks.map((w) => w.status)).toEqual([200, 200, 200, 200, 200]);
    expect(Math.max(...webhooks.map((w) => w.ms))).toBeLessThan(1_000);
    expect((await reads).map((r) => r.status)).toContain(503);
  });
});
