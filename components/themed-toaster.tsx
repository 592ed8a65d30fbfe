"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { whenNotificationWanted } from "@/lib/notify";

const SonnerToaster = dynamic(() => import("./sonner-toaster"), { ssr: false });

/** Where notifications appear: sonner is fetched when the first one is wanted (lib/notify.ts). */
export function ThemedToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenNotificationWanted(() => setWanted(true)), []);
  return wanted ? <SonnerToaster /> : null;
}
