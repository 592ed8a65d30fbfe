import { useSyncExternalStore } from "react";
import type { RegisteringDistrict } from "@/lib/contract/registration";
import type { StaffDetailsInput } from "@/lib/contract/staff";

/** Where the registration stands: the four screens of /register. */
export type Step = "administrator" | "code" | "district" | "review";

/**
 * What the user typed, kept in the tab's sessionStorage (architecture 'Registration') so that a reload or
 * an accidental back loses nothing on this device; never the password. The logo is kept as the cropped
 * JPEG's data URL. Cleared on success and on 'start again'.
 */
export type Draft = {
  step: Step;
  staff: StaffDetailsInput & { username: string };
  district: Omit<RegisteringDistrict, "stateId"> & { stateId: string };
  /** The e-mail code asked for, and whether it was verified (for `email`: a changed address needs a new code). */
  verification: { id: string; email: string; verified: boolean } | null;
  logo: string | null;
};

const KEY = "portal.registration-draft";

const parsed = (raw: string | null): Draft | null => {
  try {
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
};
const stored = () => {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
};
const noSubscription = () => () => undefined;

/**
 * The draft kept in this tab when the page opened: undefined while rendering on the server (which has no
 * sessionStorage), then the draft or null. Read once; the wizard keeps its own copy as the user goes on.
 */
export function useStoredDraft(): Draft | null | undefined {
  const raw = useSyncExternalStore(noSubscription, stored, () => undefined);
  return raw === undefined ? undefined : parsed(raw);
}

export function saveDraft(draft: Draft) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // A full or disabled storage only loses the draft on reload; the form itself goes on.
    if (draft.logo) saveDraft({ ...draft, logo: null });
  }
}

export const clearDraft = () => window.sessionStorage.removeItem(KEY);
