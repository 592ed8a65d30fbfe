import { describe, expect, it } from "vitest";
import { billingMessages, type FundResult, type IssuedApiKey } from "../../lib/contract/billing";
import { authMessages } from "../../lib/contract/messages";
import { expectError, expectOk } from "../test/helpers";
import { countOf } from "../test/metrics";
import { standInSecretOf } from "./provider/secret";
import { signatureHeader, signBody } from "./provider/signature";
import { billing, chargeAs, fund as credit, schoolWithPupils } from "./report-cards/test-fixtures";
import { billingCall } from "./test-support";
import { fundingTest } from "./wallet/funding-test-support";

const PRICE = 50_000; // the seeded ₦500 a pupil a term
const TERM = { academicSession: "2026/2027", term: "First Term" };

/** The billing metrics move with the money: the provider's calls, fundings checked, webhooks, report-card charges. */
describe("billing metrics", () => {
  const { w, fund, paymentLink, started } = fundingTest();

  const funding = (via: string, outcome: string) => countOf("billing_funding_verifications_total", { via, outcome });
  const webhooks = (outcome: string) => countOf("billing_webhook_events_total", { outcome });
  const provider = (call: string, outcome: string) => countOf("billing_provider_requests_total", { call, outcome });
  const charges = (by: string, outcome: string) => countOf("billing_report_card_charges_total", { by, outcome });
  const sendWebhook = (body: string, signature: string) =>
    billingCall(w.api, "POST", "/wallet/webhook", { body, headers: { "content-type": "application/json", [signatureHeader]: signature } });

  it("counts a funding verified on the return page, and its webhook coming after as a duplicate", async () => {
    const [initialized, verified, credited, duplicates] = await Promise.all([
      provider("initialize", "ok"),
      provider("verify", "ok"),
      funding("return_page", "credited"),
      webhooks("already_credited"),
    ]);
    const link = await started(1_500_000);
    expect(await provider("initialize", "ok")).toBe(initialized + 1);
    expect((await expectOk<FundResult>(await fund(link.reference))).status).toBe("credited");
    expect(await provider("verify", "ok")).toBe(verified + 1);
    expect(await funding("return_page", "credited")).toBe(credited + 1);
    const webhook = await w.api.standIn.webhookFor(link.reference);
    expect(await expectOk(await w.api.standIn.deliver(webhook))).toEqual({ received: true, status: "already-credited" });
    expect(await webhooks("already_credited")).toBe(duplicates + 1);
    expect(await funding("return_page", "credited")).toBe(credited + 1);
  });

  it("counts a webhook that credits a payment, one refused for its signature and one that is not JSON", async () => {
    const [credited, viaWebhook, rejected, malformed] = await Promise.all([
      webhooks("credited"),
      funding("webhook", "credited"),
      webhooks("rejected_signature"),
      webhooks("malformed"),
    ]);
    const link = await started(2_000_000);
    const webhook = await w.api.standIn.webhookFor(link.reference);
    await expectError(await sendWebhook(webhook.body, "0".repeat(128)), 401, billingMessages.badSignature);
    expect(await webhooks("rejected_signature")).toBe(rejected + 1);
    expect(await webhooks("credited")).toBe(credited);
    expect(await expectOk(await w.api.standIn.deliver(webhook))).toEqual({ received: true, status: "credited" });
    expect(await webhooks("credited")).toBe(credited + 1);
    expect(await funding("webhook", "credited")).toBe(viaWebhook + 1);
    const notJson = "{not json";
    await expectError(await sendWebhook(notJson, signBody(notJson, await standInSecretOf(w.api.db))), 400, authMessages.malformedJson);
    expect(await webhooks("malformed")).toBe(malformed + 1);
  });

  it("counts fundings the provider calls pending or failed, and a provider that cannot be reached", async () => {
    const [pending, failed, unreachable] = await Promise.all([
      funding("return_page", "pending"),
      funding("return_page", "failed"),
      provider("initialize", "unreachable"),
    ]);
    const unpaid = await started(1_000_000, null);
    await expectError(await fund(unpaid.reference), 409, billingMessages.paymentPending);
    expect(await funding("return_page", "pending")).toBe(pending + 1);
    const declined = await started(1_000_000, "fail");
    await expectError(await fund(declined.reference), 409, billingMessages.paymentNotCompleted("failed"));
    expect(await funding("return_page", "failed")).toBe(failed + 1);
    await w.api.standIn.down();
    await expectError(await paymentLink(1_000_000), 502, billingMessages.providerUnreachable);
    expect(await provider("initialize", "unreachable")).toBe(unreachable + 1);
  });

  it("counts report-card charges made, with nothing left to charge, refused for the balance, and repeated by an API client", async () => {
    const [charged, nothing, refused] = await Promise.all([
      charges("staff", "charged"),
      charges("staff", "nothing_to_charge"),
      charges("staff", "refused_balance"),
    ]);
    await credit(w.api, w.d1, 2 * PRICE);
    const small = await schoolWithPupils(w.api, w.d1, 2);
    expect((await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: small.id, ...TERM })).status).toBe(201);
    expect(await charges("staff", "charged")).toBe(charged + 1);
    expect((await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: small.id, ...TERM })).status).toBe(200);
    expect(await charges("staff", "nothing_to_charge")).toBe(nothing + 1);
    const balance = (
      await expectOk<{ balance: number }>(await billing(w.api, `/wallet/report-card-quote?schoolId=${small.id}`, { token: w.admin1.authorizationToken }))
    ).balance;
    const large = await schoolWithPupils(w.api, w.d1, Math.floor(balance / PRICE) + 1);
    expect((await chargeAs(w.api, w.admin1.authorizationToken, { schoolId: large.id, ...TERM })).status).toBe(402);
    expect(await charges("staff", "refused_balance")).toBe(refused + 1);
    expect(await charges("staff", "charged")).toBe(charged + 1);

    const [byClient, repeated] = await Promise.all([charges("api_client", "charged"), charges("api_client", "repeated")]);
    const { key } = await expectOk<IssuedApiKey>(
      await billing(w.api, "/api-clients", { method: "POST", token: w.superAdmin.authorizationToken, body: { districtId: w.d1, name: "Metrics Results" } }),
      201,
    );
    await credit(w.api, w.d1, PRICE);
    const another = await schoolWithPupils(w.api, w.d1, 1);
    const order = { schoolId: another.id, ...TERM, idempotencyKey: `metrics-${another.id}` };
    expect((await billing(w.api, "/service/report-card-charge", { method: "POST", key, body: order })).status).toBe(201);
    expect((await billing(w.api, "/service/report-card-charge", { method: "POST", key, body: order })).status).toBe(200);
    expect(await charges("api_client", "charged")).toBe(byClient + 1);
    expect(await charges("api_client", "repeated")).toBe(repeated + 1);
  });
});
