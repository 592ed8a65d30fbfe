"use client";

import { toast } from "sonner";
import { clientApi } from "./client-api";
import type { SwitchResult } from "./contract/session-switch";

/**
 * Asks the BFF for a session in another organisation or district, then loads the new place with a full
 * page load: every cached read belonged to the old one.
 */
export async function switchSessionTo(path: "/api/auth/switch-role-access" | "/api/auth/switch-district", body: object, notice: string) {
  const { redirectTo } = await clientApi<SwitchResult>(path, { method: "POST", json: body });
  toast.success(notice);
  window.location.assign(redirectTo);
}
