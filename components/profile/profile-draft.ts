// The profile form's draft key, and whether the tab holds a draft of it, without the form's code (the page
// loads the form only on 'Edit profile', or at once when a draft is waiting after a reload).
import { draftStorageKey } from "@/lib/draft-storage";

export const profileDraftKey = (staffId: string) => `profile:${staffId}`;

export function hasProfileDraft(staffId: string) {
  try {
    return sessionStorage.getItem(draftStorageKey(profileDraftKey(staffId))) !== null;
  } catch {
    return false;
  }
}
