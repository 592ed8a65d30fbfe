import * as z from "zod/mini";
import { billingMessages, reversalSchema, type TransactionLogItem } from "../../../lib/contract/billing";
import { uuidParam } from "../../../lib/contract/fields";
import { superAdminOnly } from "../../http/access";
import type { Api } from "../../http/api";
import { reverseEntry } from "./reverse";

/** Corrections of the ledger by super administrators: a reversing entry, never an edit. */
export function reversalRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/transaction-logs/reverse/:id",
      summary:
        "Reverses a ledger entry with a reason: a new REVERSAL entry the other way (the original is never changed; a reversed report-card charge lets its pupils be charged again). Body: { reason }. 201 { message, entry: TransactionLogItem } (the reversing entry); 404 for an unknown entry; 409 for a reversal or an entry reversed already; 402 when taking back a funding would overdraw the wallet",
      tag: "Transaction logs",
      access: superAdminOnly,
      params: z.object({ id: uuidParam }),
      body: reversalSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const entry = await reverseEntry(db, c.get("scope"), c.get("actor"), params.id, body.reason);
      return c.json({ message: billingMessages.reversed, entry } satisfies { message: string; entry: TransactionLogItem }, 201);
    },
  );
}
