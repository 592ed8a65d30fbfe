import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

/**
 * Issue 33, item 1: the portal's stand-in routes (the test checkout's reads and its pay button) ask for no session. They
 * answer only while the billing API says its stand-in is on; with a live key (production) they are 404, whatever a
 * billing API behind them would answer.
 */
const servers: Server[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A billing API that says whether its stand-in is on, and answers the stand-in's checkout calls as if it were. */
async function billingApi(standIn: boolean) {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.setHeader("content-type", "application/json");
    if (req.url === "/wallet/provider") return res.end(JSON.stringify({ standIn, testMoney: standIn }));
    if (req.url?.startsWith("/provider-stand-in/checkout/")) return res.end(JSON.stringify({ reference: "WF-1", status: "pending", redirect: "/x" }));
    res.statusCode = 404;
    res.end(JSON.stringify({ message: "No such endpoint." }));
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

async function routeWith(billingUrl: string) {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", randomBytes(32).toString("base64url"));
  vi.stubEnv("INTERNAL_SECRET", randomBytes(32).toString("base64url"));
  vi.stubEnv("BILLING_API_URL", billingUrl);
  vi.stubEnv("PORT", "3000");
  return import("../../app/api/provider-stand-in/[...path]/route");
}

const checkoutCall = (route: Awaited<ReturnType<typeof routeWith>>, method: "GET" | "POST", path: string[]) =>
  route[method](
    new NextRequest(`http://localhost:3000/api/provider-stand-in/${path.join("/")}`, {
      method,
      headers: method === "POST" ? { origin: "http://localhost:3000" } : {},
    }),
    { params: Promise.resolve({ path }) },
  );

describe("the portal's stand-in routes", () => {
  it("answer 404 when the billing API says there is no stand-in (a live key), and never reach it", async () => {
    const billing = await billingApi(false);
    const route = await routeWith(billing.url);
    expect((await checkoutCall(route, "GET", ["checkout", "WF-1"])).status).toBe(404);
    expect((await checkoutCall(route, "POST", ["checkout", "WF-1", "pay"])).status).toBe(404);
    expect(billing.asked.filter((a) => a.includes("/provider-stand-in/"))).toEqual([]);
  });

  it("pass the test checkout's calls on while the stand-in is on", async () => {
    const billing = await billingApi(true);
    const route = await routeWith(billing.url);
    expect((await checkoutCall(route, "GET", ["checkout", "WF-1"])).status).toBe(200);
    expect((await checkoutCall(route, "POST", ["checkout", "WF-1", "pay"])).status).toBe(200);
    expect(billing.asked).toContain("POST /provider-stand-in/checkout/WF-1/pay");
  });
});
