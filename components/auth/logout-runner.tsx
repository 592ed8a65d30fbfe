"use client";

import { useEffect, useState } from "react";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { LOGOUT_DELAY_MS, loadingTexts } from "@/lib/contract/messages";
import { authCalls } from "@/lib/queries/auth";
import { routes } from "@/lib/routes";
import { clearKeptSelections } from "@/lib/kept-selection";

/**
 * Spec §4: 'Logging you out. Please wait', then after 1.5 s the session is cleared (a POST, so no
 * prefetch or crawler can log anyone out) and the user is sent to /login.
 */
export function LogoutRunner() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(async () => {
      try {
        await authCalls.logout();
        clearKeptSelections(); // the tab's next user starts with nothing selected (staff and pupils)
        // A full page load: nothing read while signed in stays in memory.
        window.location.replace(routes.login);
      } catch {
        setFailed(true);
      }
    }, LOGOUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (failed) {
    return (
      <p role="alert" className="p-6 text-center">
        We could not log you out. Check your connection and{" "}
        <a className="font-medium text-primary underline" href={routes.logout}>
          try again
        </a>
        .
      </p>
    );
  }
  return <LoadingOverlay text={loadingTexts.loggingOut} />;
}
