import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { billingMessages, type FundResult, type PaymentLink } from "../../../lib/contract/billing";
import type { AuthResult } from "../../../lib/contract/user";
import { standInCheckoutPath } from "../../../lib/contract/paths";
import { ledgerEntry, standInSecret, standInTransaction } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk, present } from "../../test/helpers";
import { standInSecretOf } from "../provider/secret";
import { signatureHeader, verifySignature } from "../provider/signature";
import { billingCall, expectLedgerHolds } from "../test-support";
import { createProviderStandIn } from "./app";

type Initialized = { status: boolean; message: string; data: { authorization_url: string; access_code: string; reference: string } };
type Verified = { status: boolean; message: string; data: { status: string; amount: number; currency: string; reference: string; paid_at: string | null } };

/** A server that keeps what it is sent: the stand-in's webhooks, byte for byte. */
async function webhookSink(
  status = 200,
): Promise<{ url: string; port: number; received: Promise<{ path: string; headers: IncomingMessage["headers"]; body: Buffer }>; server: Server }> {
  let deliver: (value: { path: string; headers: IncomingMessage["headers"]; body: Buffer }) => void = () => {};
  const received = new Promise<{ path: string; headers: IncomingMessage["headers"]; body: Buffer }>((resolve) => (deliver = resolve));
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliver({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", () => ready()));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, port, received, server };
}

describe("the payment provider's stand-in", () => {
  let api: TestApi;
  let admin: AuthResult;
  let base: string;
  let secret: string;
  const sinks: Server[] = [];

  beforeAll(async () => {
    api = await createTestApi();
    admin = await api.loginAdmin(1);
    base = present(api.config.PAYSTACK_BASE_URL);
    secret = await standInSecretOf(api.db);
  });
  afterEach(() => expectLedgerHolds(api.db));
  afterAll(async () => {
    for (const sink of sinks) sink.close();
    await api.close();
  });

  const initialize = (body: unknown, key: string | null = secret) =>
    fetch(`${base}/transaction/initialize`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key === null ? {} : { authorization: `Bearer ${key}` }) },
      body: JSON.stringify(body),
    });
  const verify = (reference: string, key = secret) => fetch(`${base}/transaction/verify/${reference}`, { headers: { authorization: `Bearer ${key}` } });
  let n = 0;
  const newReference = () => `T-${Date.now()}-${++n}`;
  const transaction = (reference = newReference(), callback = "/administration/billing/wallet/return") => ({
    email: "payer@example.org",
    amount: 1_234_500,
    currency: "NGN",
    reference,
    callback_url: callback,
  });

  it("never runs with a real key", () => {
    expect(() => createProviderStandIn({ db: api.db, config: { ...api.config, PAYSTACK_SECRET_KEY: "sk_live_0123456789abcdef0123456789abcdef" } })).toThrow(
      /never runs with a real PAYSTACK_SECRET_KEY/,
    );
  });

  it("keeps one generated secret in the database: 32 random bytes, the same for every worker", async () => {
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const rows = await api.db.select().from(standInSecret);
    expect(rows.map((r) => [r.id, r.secret])).toEqual([[1, secret]]);
    expect(await standInSecretOf(api.db)).toBe(secret);
  });

  it("takes PAYMENT_STAND_IN_SECRET instead, when given: a suite calls it as a merchant would, and the generated one is refused", async () => {
    const configured = "a-suite-s-own-stand-in-secret-of-40-chars";
    const standIn = createProviderStandIn({ db: api.db, config: { ...api.config, PAYMENT_STAND_IN_SECRET: configured } });
    const ask = (key: string) => standIn.request("/transaction/verify/unknown-reference", { headers: { authorization: `Bearer ${key}` } });
    expect((await ask(configured)).status).toBe(400); // let in, and told the reference is unknown, as Paystack does
    expect((await ask(secret)).status).toBe(401);
  });

  it("initialises a transaction as Paystack does, with the portal's checkout page as the authorization URL", async () => {
    const reference = newReference();
    const answer = await expectOk<Initialized>(await initialize(transaction(reference)));
    expect(answer).toEqual({
      status: true,
      message: "Authorization URL created",
      data: { authorization_url: standInCheckoutPath(reference), access_code: expect.stringMatching(/^[0-9a-f]{16}$/), reference },
    });
    const stored = present((await api.db.select().from(standInTransaction).where(eq(standInTransaction.reference, reference)))[0]);
    expect(stored).toMatchObject({ amount: 1_234_500, currency: "NGN", email: "payer@example.org", status: "pending" });
    // A reference is used once.
    expect(await (await initialize(transaction(reference))).json()).toEqual({ status: false, message: "Duplicate Transaction Reference" });
  });

  it("refuses calls without its secret key (401), and transaction details it cannot read (400)", async () => {
    const missing = await initialize(transaction(), null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ status: false, message: "Invalid key" });
    expect((await initialize(transaction(), "sk_test_wrong")).status).toBe(401);
    expect((await verify("anything", "sk_test_wrong")).status).toBe(401);
    for (const bad of [{ ...transaction(), amount: 0 }, { ...transaction(), amount: 10.5 }, { ...transaction(), reference: "a b" }, {}]) {
      const response = await initialize(bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("verifies: pending, then success with the amount and currency once paid; 400 for a reference it never saw", async () => {
    const reference = newReference();
    await initialize(transaction(reference));
    const pending = await expectOk<Verified>(await verify(reference));
    expect(pending.data).toMatchObject({ status: "pending", amount: 1_234_500, currency: "NGN", reference, paid_at: null });
    await expectOk(await fetch(`${base}/checkout/${reference}/pay`, { method: "POST" }));
    const paid = await expectOk<Verified>(await verify(reference));
    expect(paid).toMatchObject({
      status: true,
      message: "Verification successful",
      data: { status: "success", amount: 1_234_500, currency: "NGN", reference },
    });
    expect(paid.data.paid_at).not.toBeNull();
    const unknown = await verify("NEVER-SEEN");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ status: false, message: "Transaction reference not found" });
  });

  it("serves the checkout page's calls: the payment, and pay / fail / abandon, each answered with the return address", async () => {
    const reference = newReference();
    await initialize(transaction(reference, "/administration/billing/wallet/return?from=test"));
    expect(await expectOk(await fetch(`${base}/checkout/${reference}`))).toEqual({
      reference,
      amount: 1_234_500,
      currency: "NGN",
      status: "pending",
      callbackUrl: "/administration/billing/wallet/return?from=test",
      notice: billingMessages.standInNotice,
    });
    const paid = await expectOk<{ redirect: string }>(await fetch(`${base}/checkout/${reference}/pay`, { method: "POST" }));
    expect(paid.redirect).toBe(`/administration/billing/wallet/return?from=test&reference=${reference}&trxref=${reference}`);
    // Paying twice (a double click) answers the same; a paid payment cannot be declined or abandoned afterwards.
    expect(await expectOk(await fetch(`${base}/checkout/${reference}/pay`, { method: "POST" }))).toEqual(paid);
    const declined = await fetch(`${base}/checkout/${reference}/fail`, { method: "POST" });
    expect(declined.status).toBe(409);
    expect(await declined.json()).toEqual({ status: false, message: "This test payment is already success." });

    for (const [action, status] of [
      ["fail", "failed"],
      ["abandon", "abandoned"],
    ] as const) {
      const other = newReference();
      await initialize(transaction(other));
      expect((await expectOk<{ redirect: string }>(await fetch(`${base}/checkout/${other}/${action}`, { method: "POST" }))).redirect).toContain(
        `reference=${other}`,
      );
      expect((await expectOk<Verified>(await verify(other))).data.status).toBe(status);
    }
    expect((await fetch(`${base}/checkout/NEVER-SEEN`)).status).toBe(404);
    expect((await fetch(`${base}/checkout/NEVER-SEEN/pay`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${base}/checkout/${reference}/refund`, { method: "POST" })).status).toBe(404);
  });

  it("sends charge.success to the portal's public webhook route, signed over the exact bytes it sends", async () => {
    const sink = await webhookSink();
    sinks.push(sink.server);
    const standIn = createProviderStandIn({ db: api.db, config: { ...api.config, PORTAL_URL: `${sink.url}/` } });
    const reference = newReference();
    await initialize(transaction(reference));
    const paid = await standIn.request(`/checkout/${reference}/pay`, { method: "POST" });
    expect(paid.status).toBe(200);
    const { path, headers, body } = await sink.received;
    expect(path).toBe("/api/payments/webhook");
    expect(headers["content-type"]).toBe("application/json");
    expect(verifySignature(body, headers[signatureHeader] as string, secret)).toBe(true);
    expect(verifySignature(Buffer.concat([body, Buffer.from(" ")]), headers[signatureHeader] as string, secret)).toBe(false);
    expect(JSON.parse(body.toString("utf8"))).toMatchObject({
      event: "charge.success",
      data: { reference, status: "success", amount: 1_234_500, currency: "NGN" },
    });
  });

  it("sends it to the billing API's own /wallet/webhook without PORTAL_URL, and pays whether or not it arrives", async () => {
    const sink = await webhookSink(500);
    sinks.push(sink.server);
    const standIn = createProviderStandIn({ db: api.db, config: { ...api.config, PORTAL_URL: undefined, API_HOST: "127.0.0.1", BILLING_API_PORT: sink.port } });
    const reference = newReference();
    await initialize(transaction(reference));
    expect((await standIn.request(`/checkout/${reference}/pay`, { method: "POST" })).status).toBe(200);
    expect((await sink.received).path).toBe("/wallet/webhook");
    // Nobody listening at all: the payment stands, the failure is only logged.
    const closed = createProviderStandIn({ db: api.db, config: api.config }, { webhookUrl: "http://127.0.0.1:9/unreachable" });
    const another = newReference();
    await initialize(transaction(another));
    expect((await closed.request(`/checkout/${another}/pay`, { method: "POST" })).status).toBe(200);
    expect((await expectOk<Verified>(await verify(another))).data.status).toBe("success");
  });

  it("is what the test API's billing API talks to: a payment link, the checkout, and its webhook credit the wallet", async () => {
    const link = await expectOk<PaymentLink>(
      await billingCall(api, "POST", "/wallet/payment-link", { token: admin.authorizationToken, body: { amount: 2_000_000 } }),
      201,
    );
    await expectOk(await fetch(`${base}/checkout/${link.reference}/pay`, { method: "POST" }));
    // The harness hands the stand-in's webhook to the billing API: the wallet is credited without the return page.
    const started = Date.now();
    while ((await api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, link.reference))).length === 0) {
      if (Date.now() - started > 5_000) throw new Error("the webhook did not credit the payment");
      await new Promise((r) => setTimeout(r, 20));
    }
    const result = await expectOk<FundResult>(
      await billingCall(api, "POST", "/wallet/fund", { token: admin.authorizationToken, body: { reference: link.reference } }),
    );
    expect(result.status).toBe("already-credited");
  });
});
