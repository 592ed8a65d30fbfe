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
  // Top right, as before: at the bottom a phone shows a notice across the whole width, over the form's own
  // buttons (Next, Save), for its ten seconds.
  return <Toaster richColors closeButton position="top-right" duration={NOTIFICATION_TIMEOUT_MS} theme={resolvedTheme === "dark" ? "dark" : "light"} />;
}
