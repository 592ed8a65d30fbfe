import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { startApiProcess } from "./test/api-process";
import { seededDatabaseEnv } from "./test/seeded-database";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The APIs' process as `npm run services` runs it, told to stop by SIGTERM (a deploy): readiness turns 503
 * at once, it serves on through the grace period, then stops accepting connections, lets the request in
 * flight finish and exits 0. On the embedded database, or a database of its own on TEST_DATABASE_URL's server.
 */
describe("the APIs' process on SIGTERM", () => {
  it("turns readiness 503, serves through the grace period, finishes the request in flight, then exits 0", async () => {
    const database = await seededDatabaseEnv("portal_shutdown");
    const apis = await startApiProcess({ ...database.env, SHUTDOWN_GRACE_MS: "1500" });
    try {
      const exited = new Promise<number | null>((done) => apis.child.once("exit", (code) => done(code)));
      expect((await fetch(`${apis.districtUrl}/readyz`)).status).toBe(200);

      // A sign-in whose body is still coming when the signal arrives: in flight through the whole drain.
      const body = JSON.stringify({ identifier: "nobody@example.org", password: "Not-the-password-1" });
      const { port } = new URL(apis.districtUrl);
      const answer = new Promise<{ status: number; connection?: string }>((done, fail) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            path: "/auth/login",
            method: "POST",
            agent: false,
            headers: { "content-type": "application/json", "content-length": String(body.length) },
          },
          (res) => {
            res.resume();
            res.on("end", () => done({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          },
        );
        req.on("error", fail);
        req.write(body.slice(0, 10));
        setTimeout(() => req.end(body.slice(10)), 2_500);
      });
      await sleep(200);
      apis.child.kill("SIGTERM");
      await sleep(200);
      const ready = await fetch(`${apis.districtUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: "draining" });
      expect((await fetch(`${apis.districtUrl}/livez`)).status).toBe(200); // still serving in the grace period
      await sleep(1_800); // past the grace: no new connections
      await expect(fetch(`${apis.districtUrl}/livez`)).rejects.toThrow();
      expect(await answer).toEqual({ status: 401, connection: "close" }); // the request in flight was answered
      expect(await exited).toBe(0);
      expect(apis.output()).toContain("drained: every request in flight finished");
    } finally {
      await apis.stop();
      await database.drop();
    }
  }, 120_000);
});
