"use client";

import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { useScriptReady } from "@/lib/script-ready";
import { ThemedToaster } from "./themed-toaster";

/**
 * What every page has: the theme and the notifications. `nonce`: the page's CSP nonce, for the theme's
 * inline script. The query cache is the signed-in pages' alone (QueryProvider in the main layout). Once
 * the page is hydrated, `<html>` says so (lib/script-ready.ts).
 */
export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  useScriptReady();
  return (
    <ThemeProvider attribute="class" defaultTheme="light" enableSystem={false} nonce={nonce}>
      {children}
      <ThemedToaster />
    </ThemeProvider>
  );
}
