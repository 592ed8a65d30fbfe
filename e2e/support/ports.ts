import { target } from "./target";

/**
 * Where the test stack listens: away from the ports `npm start` uses, so both can run at once.
 * E2E_PORT_OFFSET moves the whole set, so two checkouts on one machine can run their suites side by side.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;
export const testPorts = { portal: 3100 + offset, district: 4200 + offset, billing: 4300 + offset, smtp: 2525 + offset, mailbox: 2580 + offset } as const;
/** The portal under test: the suite's own, or the deployment of E2E_BASE_URL (e2e/support/target.ts). */
export const portalUrl = target.remote ?? `http://localhost:${testPorts.portal}`;
/** The APIs, for arranging data: the suite's own, or a deployment's where QA gives them (else null: such tests skip). */
export const districtApiUrl = target.remote ? target.districtApiUrl : `http://127.0.0.1:${testPorts.district}`;
export const billingApiUrl = target.remote ? target.billingApiUrl : `http://127.0.0.1:${testPorts.billing}`;
export const mailboxUrl = `http://127.0.0.1:${testPorts.mailbox}`;
/** Access tokens live this long in the test stack, so tests can watch them expire. */
export const ACCESS_TOKEN_TTL_SECONDS = 6;
/** The fault tests' own stack (e2e/faults.spec.ts), which they stop and kill without disturbing other tests. */
export const faultPorts = { portal: 3150 + offset, district: 4250 + offset, billing: 4350 + offset } as const;
/**
 * The payment stand-in's secret key in the suite's own stack (PAYMENT_STAND_IN_SECRET), so a test can refund a payment
 * as the district's merchant account would; against a deployment, E2E_PAYMENT_STAND_IN_SECRET (else such tests skip).
 */
export const standInSecret = target.remote ? (process.env.E2E_PAYMENT_STAND_IN_SECRET ?? null) : "e2e-stand-in-secret-of-the-suite-own-stack";
