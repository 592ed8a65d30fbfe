"use client";

import { errorPageTitles, pageErrorExplanation } from "@/lib/contract/page-messages";
import "./globals.css";

/** Replaces the root layout when it fails itself; must render its own html and body. */
export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-3xl font-bold">{errorPageTitles.other}</h1>
        <p className="max-w-md">{pageErrorExplanation(error.digest)}</p>
        <div className="flex gap-3">
          <button type="button" onClick={() => retry()} className="rounded-md border px-5 py-2 font-semibold">
            Try again
          </button>
          <a href="/" className="rounded-md bg-primary px-5 py-2 font-semibold text-primary-foreground">
            HOME
          </a>
        </div>
      </body>
    </html>
  );
}
