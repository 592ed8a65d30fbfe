"use client";

import { toast } from "sonner";
import { clientApi } from "./client-api";
import { REDIRECT_DELAY_MS } from "./contract/messages";
import type { SwitchResult } from "./contract/session-switch";

/**
 * Asks the BFF for a session in another organisation or district, shows the notice, and after the
 * spec's pause loads the new place with a full page load: every cached read belonged to the old one.
 */
export async function switchSessionTo(path: "/api/auth/switch-role-access" | "/api/auth/switch-district", body: object, notice: string) {
  const { redirectTo } = await clientApi<SwitchResult>(path, { method: "POST", json: body });
  toast.success(notice);
  await new Promise((done) => setTimeout(done, REDIRECT_DELAY_MS));
  window.location.assign(redirectTo);
}
