import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import * as z from "zod/mini";
import { billingMessages, fundSchema, paymentLinkSchema, type FundResult, type PaymentLink } from "../../../lib/contract/billing";
import { uuidParam } from "../../../lib/contract/fields";
import { walletReturnPath } from "../../../lib/contract/paths";
import { recordAudit } from "../../db/audit";
import { staff } from "../../db/schema";
import { atDistrictLevel, inWorkedDistrict, requestedDistrict, scopeInDistrict, within } from "../../db/scope";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError, forbidden, notFound } from "../../http/errors";
import { initializePayment, verifyPayment } from "../provider/paystack";
import { balanceOf, findPayment, insertPayment, setCheckoutUrl, walletOverview } from "./queries";
import { settlePayment } from "./settle";

const tag = "Wallet";

/** Our own payment reference: unique, unguessable, and of the characters Paystack allows (letters, digits, - . =). */
export const newPaymentReference = () => `WF-${randomBytes(10).toString("hex").toUpperCase()}`;

export function walletRoutes(api: Api) {
  const { route } = api;

  route(
    {
      method: "GET",
      path: "/wallet/balance/:id",
      summary:
        "A district's wallet (its id; another district's is 404 but for super administrators): { wallet: { districtId, balance, lowBalanceThreshold, isLow, currency }, recent: TransactionLogItem[] } (kobo; the 5 newest entries the caller may see)",
      tag,
      access: requires("wallet.view"),
      params: z.object({ id: uuidParam }),
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const districtScope = scopeInDistrict(scope, await requestedDistrict(db, scope, params.id));
      return c.json(await walletOverview(db, districtScope));
    },
  );

  route(
    {
      method: "POST",
      path: "/wallet/payment-link",
      summary:
        "Starts funding the wallet of the district worked in (district level only). Body: { amount } (kobo). 201 { reference, checkoutUrl }: the provider's checkout page, which sends the user back to the wallet's return page; 502 when the provider cannot be reached",
      tag,
      access: requires("wallet.fund"),
      body: paymentLinkSchema,
    },
    async (c, { body }) => {
      const deps = c.get("deps");
      const actor = c.get("actor");
      const scope = inWorkedDistrict(c.get("scope"));
      // Funding is the district's business: staff working in an LGEA or a school do not start payments.
      if (!atDistrictLevel(scope)) throw forbidden();
      const [me] = await deps.db
        .select({ email: staff.email })
        .from(staff)
        .where(and(eq(staff.id, actor.staffId), within(c.get("scope"), staff)));
      if (!me) throw notFound();
      const reference = newPaymentReference();
      // The payment is recorded before the provider hears of it, so a webhook can never name a payment we do not know.
      // If the provider cannot be reached it stays pending and unpaid; asking again makes a new one.
      await deps.db.transaction(async (tx) => {
        await insertPayment(tx, { reference, districtId: scope.districtId, amount: body.amount, createdBy: actor.staffId });
        await recordAudit(tx, actor, "wallet.payment-link", { id: reference, districtId: scope.districtId }, null, { amount: body.amount, status: "pending" });
      });
      const callbackUrl = `${deps.config.PORTAL_URL?.replace(/\/+$/, "") ?? ""}${walletReturnPath}`;
      const { authorizationUrl } = await initializePayment(deps, { amount: body.amount, email: me.email, reference, callbackUrl, currency: "NGN" });
      await setCheckoutUrl(deps.db, scope, reference, authorizationUrl);
      return c.json({ reference, checkoutUrl: authorizationUrl } satisfies PaymentLink, 201);
    },
  );

  route(
    {
      method: "POST",
      path: "/wallet/fund",
      summary:
        "Confirms a payment with the provider and credits it once. Body: { reference }. { message, status: 'credited' | 'already-credited', amount, balance }; 404 for a payment not started from this district; 409 when not paid, still pending or for a different amount; 502 when the provider cannot be reached",
      tag,
      access: requires("wallet.fund"),
      body: fundSchema,
    },
    async (c, { body }) => {
      const deps = c.get("deps");
      const scope = c.get("scope");
      const paid = await findPayment(deps.db, scope, body.reference);
      if (!paid) throw new AppError("not_found", billingMessages.unknownPayment);
      const answer = (status: FundResult["status"], balance: number): FundResult => ({
        message: status === "credited" ? billingMessages.funded : billingMessages.alreadyCredited,
        status,
        amount: paid.amount,
        balance,
      });
      // Credited already (by the webhook, or an earlier visit): no need to ask the provider again.
      if (paid.status === "credited") return c.json(answer("already-credited", await balanceOf(deps.db, scope, paid.districtId)));
      const verified = await verifyPayment(deps, paid.reference);
      const outcome = await settlePayment(deps, scope, paid, verified, c.get("actor"));
      return c.json(answer(outcome.status, outcome.balance));
    },
  );
}
