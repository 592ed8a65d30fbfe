import { and, eq } from "drizzle-orm";
import { billingMessages, serviceChargeSchema } from "../../../lib/contract/billing";
import type { Db, Tx } from "../../db/client";
import { ledgerEntry } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import { within, type StaffScope } from "../../db/scope";
import { apiKeyAccess } from "../../http/access";
import type { Api } from "../../http/api";
import type { ApiClientCaller } from "../../http/context";
import { AppError } from "../../http/errors";
import { lockWallet } from "../ledger/post";
import { chargeAnswer, chargeLocked, chargeTermOf, countedCharge, findSchool, type Charged } from "./charge";

type ServiceCharge = { schoolId: string; academicSession: string; term: string; idempotencyKey: string };

/** The entry an idempotency key already made in the district, if any. */
async function entryByKey(tx: Tx, scope: StaffScope, districtId: string, key: string) {
  const [row] = await tx
    .select()
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.districtId, districtId), eq(ledgerEntry.idempotencyKey, key), within(scope, ledgerEntry)));
  return row;
}

/**
 * One attempt, in one transaction: the wallet locked first, so concurrent calls with one key run one after
 * another and each later one finds the first one's entry; then the key's earlier entry answered as it was
 * (the same charge asked again) or refused (409: the key named a different charge); else the charge.
 */
function attempt(db: Db, scope: StaffScope, client: ApiClientCaller, body: ServiceCharge): Promise<{ charged: Charged; created: boolean }> {
  return db.transaction(async (tx) => {
    const balance = await lockWallet(tx, scope, client.districtId);
    const earlier = await entryByKey(tx, scope, client.districtId, body.idempotencyKey);
    if (earlier) {
      if (earlier.schoolId !== body.schoolId || earlier.academicSession !== body.academicSession || earlier.term !== body.term)
        throw new AppError("conflict", billingMessages.idempotencyKeyReused);
      return {
        charged: { message: billingMessages.reportCardsCharged, entryId: earlier.id, pupils: earlier.pupils ?? 0, amount: earlier.amount, balance },
        created: false,
      };
    }
    const school = await findSchool(tx, scope, body.schoolId);
    const t = await chargeTermOf(tx, scope, client.districtId, body);
    const charged = await chargeLocked(tx, scope, { school, term: t, idempotencyKey: body.idempotencyKey }, balance, { kind: "client", client });
    return { charged, created: charged.entryId !== null };
  });
}

/** The result-processing systems' way in: a charge by API key, charged once however often it is retried. */
export function serviceChargeRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/service/report-card-charge",
      summary:
        "For result-processing systems, with the API key in the x-api-key header (no staff token): buys a school's report cards of its key's district for a term, as POST /wallet/report-card-charge does. Body: { schoolId, academicSession, term, idempotencyKey }. 201 { message, entry: TransactionLogItem, pupils, amount, balance } (kobo); a retry with the same idempotencyKey (per district) answers 200 with the original entry and charges nothing; 400 for a session other than the district's current one (or the previous one until the current session's first term starts); 409 when the key was used for a different school, session or term; 200 with entry null when there is nothing to charge; 402 when the balance is short; 401 for a missing, unknown or revoked key",
      tag: "Report cards",
      access: apiKeyAccess,
      body: serviceChargeSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const client = c.get("apiClient");
      const outcome = await countedCharge(
        "api_client",
        async () => {
          try {
            return await attempt(db, scope, client, body);
          } catch (error) {
            // The backstop: should two attempts with one key ever get past the lock, the unique index stops the second; asked again, it finds the first.
            if (!isUniqueViolation(error, "ledger_entry_idempotency_idx")) throw error;
            return attempt(db, scope, client, body);
          }
        },
        (result) => (result.created ? "charged" : result.charged.entryId ? "repeated" : "nothing_to_charge"),
      );
      return c.json(await chargeAnswer(db, scope, outcome.charged), outcome.created ? 201 : 200);
    },
  );
}
