import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { PaymentLink } from "../../../lib/contract/billing";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { ledgerEntry, lgea, payment, role, roleAccess, wallet } from "../../db/schema";
import { expectOk, present, staffRow } from "../../test/helpers";
import { billingCall, createFundingTestApi, expectLedgerHolds, type FundingTestApi } from "../test-support";

/** What the wallet funding tests (payment-link, fund, webhook, provider-faults) share: the API with its stand-in, and who calls it. */
export type FundingWorld = {
  api: FundingTestApi;
  admin1: AuthResult;
  admin2: AuthResult;
  superAdmin: AuthResult;
  teacher: AuthResult;
  /** Staff working at an LGEA of district 1 whose role holds wallet.view and wallet.fund. */
  lgeaStaff: AuthResult;
  d1: string;
  d2: string;
};

/** Funmilayo Ogunleye, given a role with wallet.view and wallet.fund at the Alimosho LGEA, working there. */
async function lgeaLevelStaff(api: FundingTestApi, d1: string): Promise<AuthResult> {
  const [alimosho] = await api.db
    .select()
    .from(lgea)
    .where(and(eq(lgea.districtId, d1), eq(lgea.localGovernment, "Alimosho")));
  const [walletRole] = await api.db
    .insert(role)
    .values({ districtId: d1, name: "Wallet probe (LGEA)", operations: ["wallet.view", "wallet.fund"] })
    .returning();
  const person = await staffRow(api, "funmilayo.ogunleye@example.org");
  const [grant] = await api.db
    .insert(roleAccess)
    .values({ staffId: person.id, districtId: d1, organizationType: "LGEA", organizationId: present(alimosho).id, roleId: present(walletRole).id })
    .returning();
  const signedIn = await api.login("funmilayo.ogunleye@example.org", demoPasswords.staff);
  const switched = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${present(grant).id}`, { token: signedIn.authorizationToken }));
  expect(switched.currentOrganization).toMatchObject({ type: "LGEA" });
  return switched;
}

/**
 * Opens the funding test API for the file (closed after its tests) and gives the wallet helpers over it. After every
 * test the stand-in is healthy again and the ledger invariant holds. `w` is filled in before the first test runs, so
 * its fields are read inside tests, never while the file is being collected.
 */
export function fundingTest() {
  const w = {} as FundingWorld;

  beforeAll(async () => {
    const api = await createFundingTestApi();
    const [admin1, admin2, superAdmin, teacher] = await Promise.all([
      api.loginAdmin(1),
      api.loginAdmin(2),
      api.loginSuperAdmin(),
      api.login("chiamaka.nwosu@example.org", demoPasswords.staff),
    ]);
    const d1 = admin1.staff.district.id;
    const d2 = admin2.staff.district.id;
    Object.assign(w, { api, admin1, admin2, superAdmin, teacher, lgeaStaff: await lgeaLevelStaff(api, d1), d1, d2 } satisfies FundingWorld);
  });
  afterEach(async () => {
    w.api.standIn.faults.delayMs = 0;
    await w.api.standIn.up().catch(() => {});
    await expectLedgerHolds(w.api.db);
  });
  afterAll(() => w.api.close());

  const call = (method: string, path: string, token: string, body?: unknown) => billingCall(w.api, method, path, { token, body });
  const paymentLink = (amount: unknown, who = w.admin1) => call("POST", "/wallet/payment-link", who.authorizationToken, { amount });
  const fund = (reference: string, who = w.admin1) => call("POST", "/wallet/fund", who.authorizationToken, { reference });
  const balanceOf = async (districtId: string) => present((await w.api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]).balance;
  const entriesOf = (reference: string) => w.api.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, reference));
  const paymentOf = async (reference: string) => present((await w.api.db.select().from(payment).where(eq(payment.reference, reference)))[0], "payment");

  /** A payment link of district 1's administrator, and the stand-in's checkout: paid unless told otherwise. */
  async function started(amount = 2_500_000, outcome: "pay" | "pay-with-fees" | "fail" | "abandon" | null = "pay"): Promise<PaymentLink> {
    const link = await expectOk<PaymentLink>(await paymentLink(amount), 201);
    if (outcome) expect((await w.api.standIn.checkout(link.reference, outcome)).status).toBe(200);
    return link;
  }

  return { w, call, paymentLink, fund, balanceOf, entriesOf, paymentOf, started };
}
