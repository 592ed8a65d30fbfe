import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../lib/contract/messages";
import { createTestApi, type TestApi } from "../test/harness";
import { createAdmission } from "./admission";

describe("admission control", () => {
  it("works on a few at once, queues a few more, and refuses the rest at once", async () => {
    const admission = createAdmission({ maxInFlight: 2, maxQueue: 1, maxWaitMs: 10_000 });
    const first = await admission.admit();
    const second = await admission.admit();
    expect([first, second].every(Boolean)).toBe(true);
    const third = admission.admit(); // waits
    expect(await admission.admit()).toBeNull(); // the queue is full: refused without waiting
    expect(admission).toMatchObject({ inFlight: 2, waiting: 1, refused: 1 });
    first?.();
    first?.(); // a second release changes nothing
    const granted = await third;
    expect(granted).toBeTypeOf("function");
    expect(admission).toMatchObject({ inFlight: 2, waiting: 0 });
    second?.();
    granted?.();
    expect(admission.inFlight).toBe(0);
  });

  it("refuses a request that waited longer than allowed, and then serves the next one", async () => {
    const admission = createAdmission({ maxInFlight: 1, maxQueue: 10, maxWaitMs: 30 });
    const held = await admission.admit();
    const began = performance.now();
    expect(await admission.admit()).toBeNull();
    expect(performance.now() - began).toBeGreaterThanOrEqual(25);
    expect(admission).toMatchObject({ waiting: 0, refused: 1 });
    held?.();
    const next = await admission.admit();
    expect(next).toBeTypeOf("function");
    next?.();
  });
});

describe("the API under more load than it serves", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ API_MAX_IN_FLIGHT: 1, API_MAX_QUEUE: 1, API_QUEUE_WAIT_MS: 50 });
  });
  afterAll(() => api.close());

  it("answers 503 with Retry-After at once, while its health check still answers", async () => {
    const admin = await api.loginAdmin(1);
    // Every turn taken (one worked on, one waiting): the next request has no place.
    const held = await api.district.admission.admit();
    const waiting = api.district.admission.admit();
    const began = performance.now();
    const refused = await api.call("GET", "/school/search", { token: admin.authorizationToken });
    expect(performance.now() - began).toBeLessThan(500);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(await refused.json()).toEqual({ message: authMessages.busy, code: "busy" });
    const health = await api.call("GET", "/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });
    held?.();
    (await waiting)?.();
    expect((await api.call("GET", "/school/search", { token: admin.authorizationToken })).status).toBe(200);
  });
});
