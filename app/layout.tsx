import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { NONCE_HEADER } from "@/lib/session";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "District Portal", template: "%s · District Portal" },
  description: "Administration portal for school districts",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** Every page is rendered per request: its scripts carry the nonce of this response's CSP (proxy.ts). */
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
