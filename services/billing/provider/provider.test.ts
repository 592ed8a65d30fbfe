import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingMessages } from "../../../lib/contract/billing-values";
import { loadServiceConfig, paystackBaseUrl, testServiceConfig } from "../../config";
import { AppError } from "../../http/errors";
import { createTestApi, type TestApi } from "../../test/harness";
import { listenStandIn, type ListeningStandIn } from "../stand-in/listen";
import { initializePayment, verifyPayment, type ProviderDeps } from "./paystack";
import { signBody, verifySignature } from "./signature";

const secrets = { JWT_SECRET: randomBytes(32).toString("base64url"), INTERNAL_SECRET: randomBytes(32).toString("base64url") };
const realKey = `sk_test_${randomBytes(20).toString("hex")}`;

describe("the payment provider's configuration", () => {
  it("uses the stand-in on the billing API without a key, and Paystack with one", () => {
    const demo = loadServiceConfig({ ...secrets, BILLING_API_PORT: "4100" });
    expect(paystackBaseUrl(demo)).toBe("http://127.0.0.1:4100/provider-stand-in");
    expect(paystackBaseUrl(loadServiceConfig({ ...secrets, API_HOST: "0.0.0.0", BILLING_API_PORT: "4200" }))).toBe("http://127.0.0.1:4200/provider-stand-in");
    const live = loadServiceConfig({ ...secrets, PAYSTACK_SECRET_KEY: realKey, PORTAL_URL: "https://portal.example.org" });
    expect(paystackBaseUrl(live)).toBe("https://api.paystack.co");
    expect(
      paystackBaseUrl(
        loadServiceConfig({
          ...secrets,
          PAYSTACK_SECRET_KEY: realKey,
          PORTAL_URL: "https://p.example.org",
          PAYSTACK_BASE_URL: "https://proxy.example.org/paystack/",
        }),
      ),
    ).toBe("https://proxy.example.org/paystack");
    expect(demo.PAYSTACK_TIMEOUT_MS).toBe(10_000);
  });

  it("refuses to start with a real key and the stand-in's address: the stand-in never runs with a real key", () => {
    for (const url of ["http://127.0.0.1:4100/provider-stand-in", "http://10.0.0.5:4100/provider-stand-in/"]) {
      expect(() => loadServiceConfig({ ...secrets, PAYSTACK_SECRET_KEY: realKey, PORTAL_URL: "https://portal.example.org", PAYSTACK_BASE_URL: url })).toThrow(
        /PAYSTACK_BASE_URL points at the provider stand-in/,
      );
    }
  });

  it("refuses a real key without PORTAL_URL, saying the return address must be absolute", () => {
    expect(() => loadServiceConfig({ ...secrets, PAYSTACK_SECRET_KEY: realKey })).toThrow(/PORTAL_URL is required with PAYSTACK_SECRET_KEY/);
  });

  it("refuses placeholder keys", () => {
    expect(() => loadServiceConfig({ ...secrets, PAYSTACK_SECRET_KEY: "sk_test_xxxxxxxxxxxxxxxxxxxxxxxx", PORTAL_URL: "https://p.example.org" })).toThrow(
      /PAYSTACK_SECRET_KEY/,
    );
    expect(() => loadServiceConfig({ ...secrets, PAYSTACK_SECRET_KEY: "short", PORTAL_URL: "https://p.example.org" })).toThrow(/PAYSTACK_SECRET_KEY/);
  });
});

describe("webhook signatures", () => {
  const secret = randomBytes(32).toString("hex");
  const body = Buffer.from(JSON.stringify({ event: "charge.success", data: { reference: "WF-1", amount: 100 } }));

  it("accept the HMAC-SHA512 of the exact bytes with the secret, in hex", () => {
    const signature = signBody(body, secret);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(verifySignature(body, signature, secret)).toBe(true);
    expect(verifySignature(body, signature.toUpperCase(), secret)).toBe(true);
  });

  it("refuse another secret, another body, and missing or malformed headers", () => {
    const signature = signBody(body, secret);
    expect(verifySignature(body, signature, randomBytes(32).toString("hex"))).toBe(false);
    expect(verifySignature(Buffer.from(body.toString().replace("100", "1000")), signature, secret)).toBe(false);
    for (const header of [undefined, null, "", "abc", signature.slice(0, 127), `${signature}00`, "z".repeat(128)])
      expect(verifySignature(body, header, secret)).toBe(false);
  });
});

describe("the Paystack client", () => {
  let api: TestApi;
  let provider: ListeningStandIn;
  let deps: ProviderDeps;
  /** What the fake provider answers next. */
  let answer: (path: string) => Response | Promise<Response> = () => new Response("{}");
  const seen: { method: string; path: string; authorization: string | null; body: unknown }[] = [];

  beforeAll(async () => {
    provider = await listenStandIn();
    const app = new Hono();
    app.all("*", async (c) => {
      seen.push({
        method: c.req.method,
        path: c.req.path,
        authorization: c.req.header("authorization") ?? null,
        body: c.req.method === "POST" ? await c.req.json() : null,
      });
      return answer(c.req.path);
    });
    provider.serve(app);
    api = await createTestApi({ PAYSTACK_BASE_URL: provider.url });
    deps = {
      db: api.db,
      config: testServiceConfig({
        PAYSTACK_SECRET_KEY: realKey,
        PORTAL_URL: "https://p.example.org",
        PAYSTACK_BASE_URL: provider.url,
        PAYSTACK_TIMEOUT_MS: 300,
      }),
    };
  });
  afterAll(async () => {
    await provider.close();
    await api.close();
  });

  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const unreachable = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "provider_unavailable", message: billingMessages.providerUnreachable });
  };
  const input = { amount: 500_000, email: "a@example.org", reference: "WF-ABC", callbackUrl: "https://p.example.org/return", currency: "NGN" as const };

  it("initialises with the secret key and Paystack's field names, and reads authorization_url", async () => {
    answer = () =>
      json({
        status: true,
        message: "Authorization URL created",
        data: { authorization_url: "https://checkout.paystack.com/x1", access_code: "x1", reference: "WF-ABC" },
      });
    expect(await initializePayment(deps, input)).toEqual({ authorizationUrl: "https://checkout.paystack.com/x1" });
    expect(seen.at(-1)).toEqual({
      method: "POST",
      path: "/transaction/initialize",
      authorization: `Bearer ${realKey}`,
      body: { email: "a@example.org", amount: 500_000, currency: "NGN", reference: "WF-ABC", callback_url: "https://p.example.org/return" },
    });
  });

  it("verifies by reference and reads status, amount, requested amount and fees, currency, reference and the domain (live or test)", async () => {
    // The fields of Paystack's verify answer we read, as its documentation's sample has them (other fields are ignored).
    answer = () =>
      json({
        status: true,
        message: "Verification successful",
        data: {
          id: 1,
          domain: "live",
          status: "success",
          amount: 516_000,
          requested_amount: 500_000,
          fees: 16_000,
          currency: "NGN",
          reference: "WF-ABC",
          gateway_response: "Successful",
          fees_split: null,
        },
      });
    expect(await verifyPayment(deps, "WF-ABC")).toEqual({
      status: "success",
      amount: 516_000,
      requestedAmount: 500_000,
      fees: 16_000,
      currency: "NGN",
      reference: "WF-ABC",
      domain: "live",
    });
    answer = () =>
      json({ status: true, message: "Verification successful", data: { status: "success", amount: 500_000, currency: "NGN", reference: "WF-ABC" } });
    expect(await verifyPayment(deps, "WF-ABC")).toMatchObject({ amount: 500_000, requestedAmount: null, fees: null, domain: "" });
    expect(seen.at(-1)).toMatchObject({ method: "GET", path: "/transaction/verify/WF-ABC" });
    answer = () => json({ status: false, message: "Transaction reference not found" }, 400);
    expect(await verifyPayment(deps, "WF-ABC")).toEqual({
      status: "not_found",
      amount: 0,
      currency: "",
      reference: "WF-ABC",
      domain: "",
      requestedAmount: null,
      fees: null,
    });
  });

  it("turns server errors, refusals and unreadable answers into the provider-unreachable error", async () => {
    for (const next of [
      () => json({ status: false, message: "Invalid key" }, 401),
      () => json({ message: "down" }, 503),
      () => new Response("<html>bad gateway</html>", { status: 200 }),
      () => json({ status: true, data: { status: "success" } }),
    ]) {
      answer = next;
      await unreachable(initializePayment(deps, input));
      await unreachable(verifyPayment(deps, "WF-ABC"));
    }
  });

  it("gives up after PAYSTACK_TIMEOUT_MS, and on a refused connection", async () => {
    answer = () => new Promise((r) => setTimeout(() => r(json({ status: true, data: {} })), 1_000));
    const asked = Date.now();
    await unreachable(verifyPayment(deps, "WF-ABC"));
    expect(Date.now() - asked).toBeLessThan(900);
    await provider.down();
    await unreachable(initializePayment(deps, input));
    await provider.up();
  });
});
