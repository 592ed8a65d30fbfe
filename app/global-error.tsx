"use client";

import { errorPageTitles } from "@/lib/contract/messages";
import "./globals.css";

/** Replaces the root layout when it fails itself; must render its own html and body. */
export default function GlobalError() {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col items-center justify-center gap-4 text-center">
        <h1 className="text-3xl font-bold">{errorPageTitles.other}</h1>
        <p>Something went wrong while showing this page.</p>
        <a href="/" className="rounded-md bg-primary px-5 py-2 font-semibold text-primary-foreground">
          HOME
        </a>
      </body>
    </html>
  );
}
