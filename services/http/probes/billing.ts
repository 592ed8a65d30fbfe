import { randomId } from "../../test/helpers";
import { nextProbeNumber, type ProbeTable } from "./probe";

/** Probes of the billing API (services/billing): /transaction-logs, /wallet, /service and /api-clients. */
export const billingProbes: ProbeTable = {
  // Transaction logs (billing API): district 2 named by a district administrator of district 1 is 404.
  "GET /transaction-logs/search": { query: { "district[0]": "district" } },
  "GET /transaction-logs/search-total": { query: { "district[0]": "district" } },
  "GET /transaction-logs/download": { query: { "district[0]": "district" } },
  // Report-card charges (billing/report-cards): a random or district 2's school is 404, so nothing is charged.
  "GET /wallet/report-card-quote": { query: { schoolId: "school" } },
  "POST /wallet/report-card-charge": { body: (id) => ({ schoolId: id("school") }) },
  // The service endpoint (API key, not a bearer token): the walk's own test sends it a key; a school not of its district is 404.
  "POST /service/report-card-charge": {
    body: (id) => ({ schoolId: id("school"), academicSession: "2026/2027", term: "First Term", idempotencyKey: `probe-${nextProbeNumber()}` }),
  },
  // API clients and reversals (super administrators): random ids are not found, so nothing is issued, revoked or reversed.
  "GET /api-clients": { query: { district: "district" } },
  "POST /api-clients": { body: (id) => ({ districtId: id("district"), name: "Probe result system" }) },
  "POST /api-clients/:id/revoke": { params: { id: { literal: randomId() } } },
  // The reconciliation (super administrators): a day's comparison, the provider being the test API's stand-in.
  "GET /reconciliation": { query: { from: { literal: "2026-01-01" }, to: { literal: "2026-01-02" } } },
  "GET /reconciliation/download": { query: { from: { literal: "2026-01-01" }, to: { literal: "2026-01-02" } } },
  "POST /transaction-logs/reverse/:id": { params: { id: { literal: randomId() } }, body: () => ({ reason: "Probe reversal" }) },
  // Wallet funding (billing/wallet): district 2's wallet is 404; a payment link goes to the test API's provider stand-in
  // (nothing is paid); no payment has the probe's reference, so nothing is credited.
  "GET /wallet/balance/:id": { params: { id: "district" } },
  "POST /wallet/payment-link": { body: () => ({ amount: 1_000_000 }) },
  "POST /wallet/fund": { body: () => ({ reference: "WF-PROBE" }) },
};
