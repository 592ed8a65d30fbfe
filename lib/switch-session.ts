"use client";

import { toast } from "./notify";
import { REDIRECT_DELAY_MS } from "./contract/messages";
import type { SwitchResult } from "./contract/session-switch";

/**
 * After the BFF gave the session another organisation or district: the notice, the spec's pause, then
 * the new place with a full page load, since every cached read belonged to the old one.
 */
export async function arriveAfterSwitch({ redirectTo }: SwitchResult, notice: string) {
  toast.success(notice);
  await new Promise((done) => setTimeout(done, REDIRECT_DELAY_MS));
  window.location.assign(redirectTo);
}
