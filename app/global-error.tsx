"use client";

import { ErrorScreen } from "@/components/layout/error-screen";
import { errorPageTitles, pageErrorExplanation } from "@/lib/contract/page-messages";
import { useScriptReady } from "@/lib/script-ready";

/** Replaces the root layout when it fails itself; must render its own html and body. */
export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  useScriptReady();
  return (
    <html lang="en">
      <body>
        <ErrorScreen title={errorPageTitles.other} explanation={pageErrorExplanation(error.digest)} onRetry={() => retry()} />
      </body>
    </html>
  );
}
