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
    expect(admission.stats()).toMatchObject({ inFlight: 2, waiting: 1, shed: 1 });
    first?.();
    first?.(); // a second release changes nothing
    const granted = await third;
    expect(granted).toBeTypeOf("function");
    expect(admission.stats()).toMatchObject({ inFlight: 2, waiting: 0 });
    second?.();
    granted?.();
    expect(admission.stats().inFlight).toBe(0);
  });

  it("refuses a request that waited longer than allowed, and then serves the next one", async () => {
    const admission = createAdmission({ maxInFlight: 1, maxQueue: 10, maxWaitMs: 30 });
    const held = await admission.admit();
    const began = performance.now();
    expect(await admission.admit()).toBeNull();
    expect(performance.now() - began).toBeGreaterThanOrEqual(25);
    expect(admission.stats()).toMatchObject({ waiting: 0, shed: 1 });
    held?.();
    const next = await admission.admit();
    expect(next).toBeTypeOf("function");
    next?.();
  });
});

describe("admission when clients leave, and by priority", () => {
  it("takes a request whose client leaves out of the queue at once, and gives no turn to one already gone", async () => {
    const admission = createAdmission({ maxInFlight: 1, maxQueue: 10, maxWaitMs: 10_000 });
    const held = await admission.admit();
    const leaving = new AbortController();
    const waiting = admission.admit({ signal: leaving.signal });
    expect(admission.stats().waiting).toBe(1);
    leaving.abort();
    expect(await waiting).toBeNull();
    expect(admission.stats()).toMatchObject({ waiting: 0, abandoned: 1, shed: 0 });
    expect(await admission.admit({ signal: leaving.signal })).toBeNull();
    held?.();
    expect(admission.stats().inFlight).toBe(0);
    (await admission.admit())?.();
    expect(admission.stats().inFlight).toBe(0);
  });

  it("serves a waiting interactive request before older background ones, and keeps a quarter of the slots for it", async () => {
    const admission = createAdmission({ maxInFlight: 4, maxQueue: 10, maxWaitMs: 10_000 });
    const background = await Promise.all([1, 2, 3].map(() => admission.admit({ priority: "background" })));
    // A fourth background read waits even with a slot free: that slot is kept for a person.
    const fourth = admission.admit({ priority: "background" });
    expect(admission.stats()).toMatchObject({ inFlight: 3, waiting: 1 });
    const page = await admission.admit({ priority: "interactive" });
    expect(page).toBeTypeOf("function");
    const order: string[] = [];
    void fourth.then(() => order.push("background"));
    const secondPage = admission.admit({ priority: "interactive" }).then((r) => (order.push("interactive"), r));
    background[0]?.(); // one slot frees: the page that came later goes first
    await secondPage;
    expect(order).toEqual(["interactive"]);
    page?.();
    (await secondPage)?.();
    const granted = await fourth;
    expect(order).toEqual(["interactive", "background"]);
    granted?.();
    background[1]?.();
    background[2]?.();
    expect(admission.stats()).toMatchObject({ inFlight: 0, waiting: 0 });
  });

  it("lets an interactive request push the newest background one out of a full queue", async () => {
    const admission = createAdmission({ maxInFlight: 1, maxQueue: 2, maxWaitMs: 10_000 });
    const held = await admission.admit();
    const older = admission.admit({ priority: "background" });
    const newer = admission.admit({ priority: "background" });
    const page = admission.admit({ priority: "interactive" });
    expect(await newer).toBeNull();
    expect(admission.stats()).toMatchObject({ waiting: 2, shed: 1 });
    expect(await admission.admit({ priority: "background" })).toBeNull(); // full, and nothing to push out for it
    held?.();
    (await page)?.();
    (await older)?.();
    expect(admission.stats()).toMatchObject({ inFlight: 0, waiting: 0, shed: 2 });
  });

  it("reports itself wedged only when every slot has been held past the deadline, and logs a spell of shedding", async () => {
    const lines: string[] = [];
    const admission = createAdmission(
      { maxInFlight: 2, maxQueue: 0, maxWaitMs: 10 },
      { started: () => lines.push("started"), stopped: (n) => lines.push(`stopped after ${n}`) },
      50,
    );
    const first = await admission.admit();
    expect(admission.wedged(20)).toBe(false); // a free slot
    const second = await admission.admit();
    expect(admission.wedged(20)).toBe(false); // held, but not for long
    expect(await admission.admit()).toBeNull();
    expect(await admission.admit()).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect(admission.wedged(20)).toBe(true);
    expect(lines).toEqual(["started", "stopped after 2"]);
    first?.();
    expect(admission.wedged(20)).toBe(false);
    second?.();
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
    // Readiness answers too, with the slots in use: busy is not wedged.
    const ready = await api.call("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: "ok", inFlight: 1, waiting: 1 });
    expect(await (await api.call("GET", "/livez")).json()).toEqual({ status: "alive" });
    held?.();
    (await waiting)?.();
    expect((await api.call("GET", "/school/search", { token: admin.authorizationToken })).status).toBe(200);
  });

  it("takes a request out of its queue when its client leaves, and trusts a priority only with the portal's secret", async () => {
    const admin = await api.loginAdmin(1);
    const held = await api.district.admission.admit();
    const leaving = new AbortController();
    const gone = api.district.app.request("/school/search", { headers: { authorization: `Bearer ${admin.authorizationToken}` }, signal: leaving.signal });
    await new Promise((r) => setTimeout(r, 10));
    expect(api.district.admission.stats().waiting).toBe(1);
    leaving.abort();
    await Promise.resolve(gone).catch(() => undefined);
    expect(api.district.admission.stats()).toMatchObject({ inFlight: 1, waiting: 0 });
    expect(api.district.admission.stats().abandoned).toBeGreaterThan(0);
    // A background request waits in the one queue place; a claimed interactive one without the secret is background too.
    const background = api.call("GET", "/school/search", { token: admin.authorizationToken });
    await new Promise((r) => setTimeout(r, 10));
    const claimed = await api.call("GET", "/school/search", { token: admin.authorizationToken, headers: { "x-portal-priority": "interactive" } });
    expect(claimed.status).toBe(503);
    held?.();
    expect((await background).status).toBe(200);
    expect(api.district.admission.stats()).toMatchObject({ inFlight: 0, waiting: 0 });
  });
});
