"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { whenNotificationWanted } from "@/lib/notify";

const SonnerToaster = dynamic(() => import("./sonner-toaster"), { ssr: false });

/** Fetches sonner's chunk without showing it (the module is kept, so showing it later needs no network). */
const warm = () => void import("./sonner-toaster").catch(() => undefined);

/**
 * Where notifications appear: sonner is fetched when the first one is wanted (lib/notify.ts), or once the
 * user first touches the page, so that a notice wanted after the connection is lost (a save made offline)
 * is not waiting for a chunk the browser can no longer fetch. A cold load fetches nothing more.
 */
export function ThemedToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenNotificationWanted(() => setWanted(true)), []);
  useEffect(() => {
    const events = ["pointerdown", "keydown", "focusin"] as const;
    const first = () => {
      for (const event of events) document.removeEventListener(event, first, true);
      warm();
    };
    for (const event of events) document.addEventListener(event, first, true);
    return () => {
      for (const event of events) document.removeEventListener(event, first, true);
    };
  }, []);
  return wanted ? <SonnerToaster /> : null;
}
