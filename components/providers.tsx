"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { NOTIFICATION_TIMEOUT_MS } from "@/lib/contract/messages";
import { getQueryClient } from "@/lib/query-client";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="light" enableSystem={false}>
      <QueryClientProvider client={getQueryClient()}>
        {children}
        <Toaster richColors closeButton position="top-right" duration={NOTIFICATION_TIMEOUT_MS} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
