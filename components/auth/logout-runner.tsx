"use client";

import { useEffect, useState } from "react";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { LOGOUT_DELAY_MS, loadingTexts } from "@/lib/contract/messages";
import { endSession } from "@/lib/end-session";
import { routes } from "@/lib/routes";

/**
 * Spec §4: 'Logging you out. Please wait', then after 1.5 s the session is cleared (a POST, so no
 * prefetch or crawler can log anyone out) and the user is sent to /login.
 */
export function LogoutRunner() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(async () => {
      try {
        await endSession();
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
