import type { Deps } from "../http/context";
import { createApi } from "../http/api";

/**
 * The billing API: a separate app with its own tables, trusting the same access tokens.
 * Its wallet and transaction-log routes arrive with the billing issue.
 */
export function createBillingApi(deps: Deps) {
  return createApi(deps, { title: "Billing API", version: "1.0.0" });
}
