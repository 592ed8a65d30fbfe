import { reconciliationQuerySchema, type ReconciliationReport } from "../../../lib/contract/reconciliation";
import { superAdminOnly } from "../../http/access";
import type { Api } from "../../http/api";
import { xlsxResponse } from "../../spreadsheet/respond";
import { reconcile } from "./compare";
import { reconciliationDayRows, reconciliationDifferenceRows } from "./spreadsheet";

const tag = "Reconciliation";

const what =
  "per Lagos day and district, the payments the provider lists as successful (its requested amount) against the ledger's FUNDING credits, and every difference: not_credited (paid, not credited), not_at_provider (credited, not paid), amount (the two differ), unknown_payment (paid under a reference the portal never started), refund and chargeback (the ledger's debits of a funding the provider took back). Query: from, to (days, Lagos time, both counted, at most 31 days). 502 when the provider's list cannot be read";

/** Super administrators compare the provider's payments with the ledger (issue 33): on the page and as a download. */
export function reconciliationRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/reconciliation",
      summary: `The reconciliation of payments: ${what}. { from, to, days: ReconciliationDay[], differences: ReconciliationDifference[] } (kobo)`,
      tag,
      access: superAdminOnly,
      query: reconciliationQuerySchema,
    },
    async (c, { query }) => c.json((await reconcile(c.get("deps"), c.get("scope"), query)) satisfies ReconciliationReport),
  );

  route(
    {
      method: "GET",
      path: "/reconciliation/download",
      summary: `The reconciliation as reconciliation.xlsx: ${what}. Two sheets, Days and Differences; amounts in naira; every value a text cell, never a formula`,
      tag,
      access: superAdminOnly,
      query: reconciliationQuerySchema,
    },
    async (c, { query }) => {
      const report = await reconcile(c.get("deps"), c.get("scope"), query);
      return xlsxResponse(c, `reconciliation-${query.from}-${query.to}.xlsx`, [
        { name: "Days", rows: reconciliationDayRows(report) },
        { name: "Differences", rows: reconciliationDifferenceRows(report) },
      ]);
    },
  );
}
