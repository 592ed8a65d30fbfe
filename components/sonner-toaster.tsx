"use client";

import { useTheme } from "next-themes";
import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { NOTIFICATION_TIMEOUT_MS } from "@/lib/contract/notices";
import { toasterMounted } from "@/lib/notify";

/** Sonner's toaster in the portal's current theme, closing after 10 s (spec §9); loaded with the first notification. */
export default function SonnerToaster() {
  const { resolvedTheme } = useTheme();
  // Sonner's Toaster (a child) has subscribed by the time this effect runs, so nothing handed over is lost.
  useEffect(() => toasterMounted((kind, message) => toast[kind](message)), []);
  // At the bottom: at the top a notice covered an open dialog's title and close button (centred, reaching 5%
  // of the screen's height from the top); on a desktop the bottom-right corner is clear of a dialog altogether.
  return <Toaster richColors closeButton position="bottom-right" duration={NOTIFICATION_TIMEOUT_MS} theme={resolvedTheme === "dark" ? "dark" : "light"} />;
}
