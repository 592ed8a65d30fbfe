"use client";

import { useTheme } from "next-themes";
import { Toaster } from "sonner";
import { NOTIFICATION_TIMEOUT_MS } from "@/lib/contract/messages";

/** Notifications in the portal's current theme, closing after 10 s (spec §9). */
export function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster richColors closeButton position="top-right" duration={NOTIFICATION_TIMEOUT_MS} theme={resolvedTheme === "dark" ? "dark" : "light"} />;
}
