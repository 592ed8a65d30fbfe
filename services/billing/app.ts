import type { Deps } from "../http/context";
import { createApi } from "../http/api";
import { transactionLogRoutes } from "./transaction-logs/routes";
import { walletRoutes } from "./wallet/routes";
import { walletWebhookRoutes } from "./wallet/webhook";
import { providerModeRoutes } from "./wallet/provider-mode";
import { reportCardRoutes } from "./report-cards/routes";
import { serviceChargeRoutes } from "./report-cards/service-routes";
import { apiClientRoutes } from "./api-clients/routes";
import { reversalRoutes } from "./reversals/routes";
import { reconciliationRoutes } from "./reconciliation/routes";

/**
 * The billing API: a separate app with its own tables, trusting the same access tokens.
 * Its wallet and transaction-log routes arrive with the billing issue.
 */
export function createBillingApi(deps: Deps) {
  const api = createApi(deps, { title: "Billing API", version: "1.0.0" });
  transactionLogRoutes(api);
  walletRoutes(api);
  walletWebhookRoutes(api);
  providerModeRoutes(api);
  reportCardRoutes(api);
  serviceChargeRoutes(api);
  apiClientRoutes(api);
  reversalRoutes(api);
  reconciliationRoutes(api);
  return api;
}
