/**
 * Portal paths the APIs write into e-mails, here so that both sides name them once (the portal's
 * other paths are in lib/routes.ts, which reads this).
 */

/** The code screen (spec §2 `/password/update-password-otp/`): an invitation links to it with the e-mail filled in. */
export const codeScreenPath = "/password/update-password-otp/";

/** Where the payment provider sends the user back after paying (it adds ?reference=…): the wallet's return page. */
export const walletReturnPath = "/administration/billing/wallet/return";

/** The provider stand-in's checkout page for a payment (no PAYSTACK_SECRET_KEY): served by the portal, so a phone on the LAN reaches it. */
export const standInCheckoutPath = (reference: string) => `/checkout/stand-in/${encodeURIComponent(reference)}`;
