import { SHORT_REDIRECT_DELAY_MS } from "./contract/notices";
import { clearDrafts } from "./form-draft";
import { clearKeptSelections } from "./kept-selection";
import { toast } from "./notify";
import { authCalls } from "./queries/auth";
import { routes } from "./routes";

/**
 * Ends the session: a POST (so no prefetch or crawler can log anyone out), the tab's kept selections
 * cleared (the next user starts with nothing selected), then /login by a full page load, so nothing
 * read while signed in stays in memory, and the tab's form drafts go too. Rejects when the logout could not be sent.
 */
export async function endSession(): Promise<void> {
  await authCalls.logout();
  clearKeptSelections();
  clearDrafts();
  window.location.replace(routes.login);
}

/**
 * After an ownership transfer (spec §4): the notice, and the session ended 1 s after it is on screen (the
 * toaster's code may first have to be fetched on a slow connection), here. Going through /logout instead
 * would add that page's own 1.5 s wait to the second the spec gives.
 */
export async function logoutAfterNotice(notice: string): Promise<void> {
  await toast.successSeen(notice);
  await new Promise((waited) => setTimeout(waited, SHORT_REDIRECT_DELAY_MS));
  await endSession();
}
