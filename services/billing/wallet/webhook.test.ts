import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingMessages, type FundResult } from "../../../lib/contract/billing";
import { authMessages } from "../../../lib/contract/messages";
import { auditLog } from "../../db/schema";
import { expectError, expectOk } from "../../test/helpers";
import { standInSecretOf } from "../provider/secret";
import { signatureHeader, signBody } from "../provider/signature";
import { billingCall, type SignedWebhook } from "../test-support";
import { fundingTest } from "./funding-test-support";

describe("wallet funding: the provider's webhook", () => {
  const { w, fund, balanceOf, entriesOf, paymentOf, started } = fundingTest();

  describe("POST /wallet/webhook", () => {
    it("credits a paid payment when the user never comes back, once", async () => {
      const before = await balanceOf(w.d1);
      const link = await started(3_000_000);
      const webhook = await w.api.standIn.webhookFor(link.reference);
      expect(await expectOk(await w.api.standIn.deliver(webhook))).toEqual({ received: true, status: "credited" });
      expect(await balanceOf(w.d1)).toBe(before + 3_000_000);
      const [entry] = await entriesOf(link.reference);
      // The entry names who started the payment; the audit says no staff member acted.
      expect(entry?.actorStaffId).toBe(w.admin1.staff.id);
      const audit = await w.api.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordId, link.reference), eq(auditLog.operation, "wallet.fund")));
      expect(audit.map((a) => a.actorStaffId)).toEqual([null]);
      expect(await expectOk(await w.api.standIn.deliver(webhook))).toEqual({ received: true, status: "already-credited" });
      expect((await expectOk<FundResult>(await fund(link.reference))).status).toBe("already-credited");
      expect(await entriesOf(link.reference)).toHaveLength(1);
    });

    it("refuses a forged webhook (401) and credits nothing: no signature, a wrong one, or a body changed after signing", async () => {
      const before = await balanceOf(w.d1);
      const link = await started(4_000_000);
      const real = await w.api.standIn.webhookFor(link.reference);
      const send = (body: string, headers: Record<string, string>) =>
        billingCall(w.api, "POST", "/wallet/webhook", { body, headers: { "content-type": "application/json", ...headers } });
      await expectError(await send(real.body, {}), 401, billingMessages.badSignature);
      await expectError(await send(real.body, { [signatureHeader]: "0".repeat(128) }), 401, billingMessages.badSignature);
      await expectError(await send(real.body, { [signatureHeader]: real.signature.slice(0, 64) }), 401, billingMessages.badSignature);
      await expectError(await send(real.body, { [signatureHeader]: "not hex at all" }), 401, billingMessages.badSignature);
      const inflated = real.body.replace('"amount":4000000', '"amount":400000000');
      expect(inflated).not.toBe(real.body);
      await expectError(await send(inflated, { [signatureHeader]: real.signature }), 401, billingMessages.badSignature);
      // A space more in the JSON is another body: the signature covers the exact bytes.
      await expectError(await send(`${real.body} `, { [signatureHeader]: real.signature }), 401, billingMessages.badSignature);
      expect(await entriesOf(link.reference)).toEqual([]);
      expect(await balanceOf(w.d1)).toBe(before);
      expect((await paymentOf(link.reference)).status).toBe("pending");
    });

    it("credits exactly once when the webhook is replayed five times while the user confirms twice, all at once", async () => {
      const before = await balanceOf(w.d1);
      const link = await started(5_000_000);
      const webhook = await w.api.standIn.webhookFor(link.reference);
      const answers = await Promise.all([
        w.api.standIn.deliver(webhook),
        fund(link.reference),
        w.api.standIn.deliver(webhook),
        w.api.standIn.deliver(webhook),
        fund(link.reference),
        w.api.standIn.deliver(webhook),
        w.api.standIn.deliver(webhook),
      ]);
      const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as { status?: string } })));
      expect(bodies.map((b) => b.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
      expect(bodies.filter((b) => b.body.status === "credited")).toHaveLength(1);
      // A replay that finds its event under way (recorded by another call) is answered at once as queued.
      expect(bodies.filter((b) => b.body.status === "already-credited" || (b.body as { queued?: boolean }).queued)).toHaveLength(6);
      expect(await entriesOf(link.reference)).toHaveLength(1);
      expect(await balanceOf(w.d1)).toBe(before + 5_000_000);
    });

    it("answers other events 200 without acting, and a payment of someone else's 200 as well", async () => {
      const link = await started(1_000_000, null);
      const secret = await standInSecretOf(w.api.db);
      const signed = (event: object): SignedWebhook => {
        const body = JSON.stringify(event);
        return { body, signature: signBody(body, secret) };
      };
      expect(await expectOk(await w.api.standIn.deliver(signed({ event: "transfer.success", data: { reference: link.reference } })))).toEqual({
        received: true,
        ignored: true,
      });
      expect(await expectOk(await w.api.standIn.deliver(signed({ event: "charge.success", data: { reference: "SOMEONE-ELSES" } })))).toEqual({
        received: true,
        ignored: true,
      });
      // A charge.success for a payment the provider says is not paid (the body is never trusted alone).
      const unpaid = await expectOk<{ credited: boolean; message: string }>(
        await w.api.standIn.deliver(
          signed({ event: "charge.success", data: { reference: link.reference, status: "success", amount: 1_000_000, currency: "NGN" } }),
        ),
      );
      expect(unpaid).toEqual({ received: true, credited: false, message: billingMessages.paymentPending });
      expect(await entriesOf(link.reference)).toEqual([]);
      const malformed = "{not json";
      await expectError(
        await billingCall(w.api, "POST", "/wallet/webhook", {
          body: malformed,
          headers: { "content-type": "application/json", [signatureHeader]: signBody(malformed, secret) },
        }),
        400,
        authMessages.malformedJson,
      );
    });
  });

  it("keeps the billing API's public routes to its health checks, the portal's handshake, its document, the provider's webhook and which provider it uses", () => {
    const publicRoutes = w.api.billing.routes.filter((r) => r.access.kind === "public").map((r) => `${r.method} ${r.path}`);
    expect(publicRoutes.sort()).toEqual(
      ["GET /health", "GET /livez", "GET /readyz", "GET /internal/handshake", "GET /openapi.json", "POST /wallet/webhook", "GET /wallet/provider"].sort(),
    );
  });
});
