import { expect } from "vitest";
import type { ServiceConfig } from "../config";
import type { Reader } from "../db/client";
import { createTestApi, type TestApi } from "../test/harness";
import { ledgerInvariantBreaches } from "./ledger/invariant";
import { signatureHeader } from "./provider/signature";
import { createProviderStandIn, type StandInFaults } from "./stand-in/app";
import { listenStandIn } from "./stand-in/listen";

// Shared by the billing API tests (not a test file itself): calling the billing API, the provider stand-in on a port
// of the test's own, and the ledger invariant every billing test ends with.

/** Architecture 'Billing': every wallet's balance is the sum of its ledger. Run after every billing test. */
export async function expectLedgerHolds(db: Reader) {
  expect(await ledgerInvariantBreaches(db)).toEqual([]);
}

export type BillingCallOptions = { token?: string; body?: unknown; headers?: Record<string, string> };

/** A JSON request to the billing API of `api` (the harness's `call` targets the district API). */
export function billingCall(api: TestApi, method: string, path: string, options: BillingCallOptions = {}): Promise<Response> {
  return Promise.resolve(
    api.billing.app.request(path, {
      method,
      headers: {
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
    }),
  );
}

/** A webhook the stand-in signed, as it would have sent it. */
export type SignedWebhook = { body: string; signature: string };

export type StandInHarness = {
  /** Where it listens: the test API's PAYSTACK_BASE_URL. */
  url: string;
  /** Turn faults on and off while it runs (e.g. `faults.delayMs = 2_000` beyond the client's timeout). */
  faults: StandInFaults;
  /** The webhooks it signed, in order; not delivered until the test says so. */
  webhooks: SignedWebhook[];
  /** The webhook signed for a payment, once the stand-in has sent it (it does so without waiting, after `pay`). */
  webhookFor: (reference: string) => Promise<SignedWebhook>;
  /** Posts a webhook to the billing API's /wallet/webhook, as the portal's public route forwards it. */
  deliver: (webhook: SignedWebhook) => Promise<Response>;
  /** What the checkout page's buttons do: pay, fail or abandon the payment (HTTP, through the stand-in's port). */
  checkout: (reference: string, action: "pay" | "pay-with-fees" | "fail" | "abandon") => Promise<Response>;
  /** Stops listening (the provider unreachable: connections to its port are refused) and starts again on the same port. */
  down: () => Promise<void>;
  up: () => Promise<void>;
};

export type FundingTestApi = TestApi & { standIn: StandInHarness };

/**
 * The test API with the provider stand-in listening on a loopback port of its own (the same stand-in `npm start`
 * mounts in the billing API), reached by the billing API over HTTP as Paystack would be, with a short client timeout.
 */
export async function createFundingTestApi(overrides: Partial<ServiceConfig> = {}): Promise<FundingTestApi> {
  const listening = await listenStandIn();
  // The webhook's answer waits for its work (the tests read what it did), unless a test says otherwise.
  const api = await createTestApi({ PAYSTACK_BASE_URL: listening.url, PAYSTACK_TIMEOUT_MS: 1_000, WEBHOOK_ANSWER_WAIT_MS: 10_000, ...overrides });
  const faults: StandInFaults = {};
  const webhooks: SignedWebhook[] = [];
  listening.serve(
    createProviderStandIn(
      { db: api.db, config: api.config },
      {
        faults,
        deliver: async (body, signature) => {
          webhooks.push({ body, signature });
        },
      },
    ),
  );
  const standIn: StandInHarness = {
    url: listening.url,
    faults,
    webhooks,
    webhookFor: async (reference) => {
      const started = Date.now();
      for (;;) {
        const found = webhooks.find((w) => (JSON.parse(w.body) as { data?: { reference?: string } }).data?.reference === reference);
        if (found) return found;
        if (Date.now() - started > 5_000) throw new Error(`the stand-in sent no webhook for ${reference}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    deliver: (webhook) =>
      billingCall(api, "POST", "/wallet/webhook", {
        body: webhook.body,
        headers: { "content-type": "application/json", [signatureHeader]: webhook.signature },
      }),
    checkout: (reference, action) => fetch(`${listening.url}/checkout/${encodeURIComponent(reference)}/${action}`, { method: "POST" }),
    down: listening.down,
    up: listening.up,
  };
  return {
    ...api,
    standIn,
    close: async () => {
      await listening.close();
      await api.close();
    },
  };
}
