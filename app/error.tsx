"use client";

import { ErrorScreen } from "@/components/layout/error-screen";
import { errorPageTitles, pageErrorExplanation } from "@/lib/contract/page-messages";

/** A page that failed on the server: says whether the service was unavailable, and offers to try again (reading the page anew). */
export default function ErrorPage({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <ErrorScreen title={errorPageTitles.other} explanation={pageErrorExplanation(error.digest)} onRetry={() => retry()} />;
}
