import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { NONCE_HEADER } from "@/lib/session";

export const metadata: Metadata = {
  title: { default: "District Portal", template: "%s · District Portal" },
  description: "Administration portal for school districts",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * No stylesheet here: the layouts and pages under the root import app/globals.css themselves ((auth),
 * (main), register, logout, checkout, forms). With `experimental.inlineCss`, Next 16 puts the root
 * layout's stylesheet into every page's payload once more as the styles of the global error screen
 * (Turbopack lists a layout's CSS under everything below it): a third copy of the 37 KB stylesheet in each
 * page's HTML. The error screens have a small stylesheet of their own (components/layout/error-screen.css).
 * e2e/script-budget.spec.ts fails a page that has no stylesheet or carries it more than twice.
 *
 * Every page is rendered per request: its scripts carry the nonce of this response's CSP (proxy.ts).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh">
        <Providers nonce={nonce}>{children}</Providers>
      </body>
    </html>
  );
}
