"use client";

import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { ThemedToaster } from "./themed-toaster";

/**
 * What every page has: the theme and the notifications. `nonce`: the page's CSP nonce, for the theme's
 * inline script. The query cache is the signed-in pages' alone (QueryProvider in the main layout).
 */
export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="light" enableSystem={false} nonce={nonce}>
      {children}
      <ThemedToaster />
    </ThemeProvider>
  );
}
