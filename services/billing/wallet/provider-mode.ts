import { paymentsAreTestMoney } from "../../config";
import { publicAccess } from "../../http/access";
import type { Api } from "../../http/api";

/** GET /wallet/provider: what the portal asks before it serves the stand-in's checkout page and calls (issue 33). */
export type ProviderMode = { standIn: boolean; testMoney: boolean };

/**
 * Whether this billing API funds wallets through its local stand-in (no PAYSTACK_SECRET_KEY) and whether its payments are
 * test money. Public: the portal's stand-in routes ask it without a session, and it says nothing a checkout page would not.
 */
export function providerModeRoutes(api: Api) {
  api.route(
    {
      method: "GET",
      path: "/wallet/provider",
      summary:
        "The payment provider this billing API uses: { standIn, testMoney } — standIn true when it serves the local stand-in (no PAYSTACK_SECRET_KEY), testMoney true when its payments are test money (the stand-in or a test key)",
      tag: "Wallet",
      access: publicAccess,
    },
    (c) => {
      const { config } = c.get("deps");
      return c.json({ standIn: !config.PAYSTACK_SECRET_KEY, testMoney: paymentsAreTestMoney(config) } satisfies ProviderMode);
    },
  );
}
