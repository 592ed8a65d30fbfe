import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

/**
 * The portal's calls to an API never wait forever: a stuck API (stopped, or too busy to answer) is
 * given up after the timeout and reported as such (504), an unreachable one as unavailable (503);
 * reads are retried with back-off first, since the API may be restarting; writes are not (they may
 * have been done).
 */
const servers: Server[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function upstreamWith(apiUrl: string) {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", randomBytes(32).toString("base64url"));
  vi.stubEnv("INTERNAL_SECRET", randomBytes(32).toString("base64url"));
  vi.stubEnv("DISTRICT_API_URL", apiUrl);
  vi.stubEnv("UPSTREAM_TIMEOUT_MS", "400");
  vi.stubEnv("STREAM_IDLE_TIMEOUT_MS", "300");
  return import("./upstream");
}

describe("callUpstream", () => {
  it("gives up on an API that does not answer, within the timeout", async () => {
    const { callUpstream } = await upstreamWith(await listen(() => {}));
    const started = Date.now();
    const result = await callUpstream({ method: "GET", path: "school/search" });
    expect(result).toEqual({ kind: "unreachable", reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 10_000);

  it("retries a read while the API drops connections, and answers once it is back", async () => {
    let tries = 0;
    const { callUpstream } = await upstreamWith(
      await listen((req, res) => {
        if (++tries <= 2) return void req.socket.destroy();
        res.end(JSON.stringify({ ok: true }));
      }),
    );
    const result = await callUpstream({ method: "GET", path: "school/search" });
    expect(result.kind).toBe("answer");
    expect(tries).toBe(3);
  });

  it("does not retry a write, and reports the API unavailable", async () => {
    let tries = 0;
    const { callUpstream } = await upstreamWith(
      await listen((req) => {
        tries++;
        req.socket.destroy();
      }),
    );
    const result = await callUpstream({ method: "POST", path: "school/add", json: { name: "x" } });
    expect(result).toEqual({ kind: "unreachable", reason: "unavailable" });
    expect(tries).toBe(1);
  });

  it("cuts off a download whose API goes silent halfway, but not one that is merely slow", async () => {
    const { callUpstream } = await upstreamWith(
      await listen((req, res) => {
        res.writeHead(200, { "content-type": "application/octet-stream" });
        res.write("first part;");
        // Slow but never silent for long: a chunk every 200 ms (the idle limit is 300 ms), then silence.
        let sent = 0;
        const drip = setInterval(() => {
          if (++sent <= 4) res.write(`drip ${sent};`);
          else clearInterval(drip);
        }, 200);
        req.on("close", () => clearInterval(drip));
      }),
    );
    const result = await callUpstream({ method: "GET", path: "school/download" });
    if (result.kind !== "answer" || !result.response.body) throw new Error(result.kind);
    const reader = result.response.body.getReader();
    const seen: string[] = [];
    const started = Date.now();
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          seen.push(new TextDecoder().decode(value));
        }
      })(),
    ).rejects.toThrow();
    expect(seen.join("")).toBe("first part;drip 1;drip 2;drip 3;drip 4;");
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it("gives up an upload whose sender goes silent (504), after what it did send", async () => {
    let received = 0;
    const { callUpstream } = await upstreamWith(
      await listen((req) => {
        req.on("data", (chunk: Buffer) => (received += chunk.length));
      }),
    );
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(1024)); // then nothing more, and never the end
      },
    });
    const started = Date.now();
    const result = await callUpstream({ method: "POST", path: "school/upload-multiple", body: stalled });
    expect(result).toEqual({ kind: "unreachable", reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(received).toBe(1024);
  });

  it("sends a body it cannot replay with a token refreshed beforehand when the token is near expiry, and with the current one otherwise", async () => {
    const seen: string[] = [];
    const { callUpstream } = await upstreamWith(
      await listen((req, res) => {
        if (req.url === "/token/refresh-token") {
          seen.push("refresh");
          res.setHeader("content-type", "application/json");
          const authResult = {
            authorizationToken: "fresh-access",
            refreshToken: "fresh-refresh",
            accessTokenExpiresAt: Date.now() + 6_000,
            staff: { id: "staff-1", isSuperAdmin: false },
          };
          return void res.end(JSON.stringify(authResult));
        }
        let received = 0;
        req.on("data", (chunk: Buffer) => (received += chunk.length));
        req.on("end", () => {
          seen.push(`${req.headers.authorization} ${received}`);
          res.statusCode = 201;
          res.end("{}");
        });
      }),
    );
    const upload = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(2048));
          controller.close();
        },
      });
    const session = (msLeft: number) => ({
      accessToken: "old-access",
      refreshToken: "old-refresh",
      accessExpiresAt: Date.now() + msLeft,
      accessLifetimeMs: 6_000,
      staffId: "staff-1",
      isSuperAdmin: false,
    });

    // Less than a quarter of its life left (TOKEN_REFRESH_FRACTION): refreshed before a byte is sent.
    const near = await callUpstream({
      method: "POST",
      path: "school/upload-multiple",
      session: session(1_000),
      body: upload(),
      refresh: { replayable: false },
    });
    expect(near.kind === "answer" && near.response.status).toBe(201);
    expect(near.kind === "answer" && near.session?.accessToken).toBe("fresh-access");
    expect(seen).toEqual(["refresh", "Bearer fresh-access 2048"]);

    // Plenty of life left: the API checks the token as the upload starts, so it goes as it is.
    seen.length = 0;
    const fresh = await callUpstream({
      method: "POST",
      path: "school/upload-multiple",
      session: session(5_000),
      body: upload(),
      refresh: { replayable: false },
    });
    expect(fresh.kind === "answer" && fresh.session).toBeUndefined();
    expect(seen).toEqual(["Bearer old-access 2048"]);
  });
});
