"use client";

type Kind = "success" | "error";
type Show = (kind: Kind, message: string) => void;

let show: Show | null = null;
const waiting: { kind: Kind; message: string }[] = [];
const listeners = new Set<() => void>();

function notify(kind: Kind, message: string) {
  if (show) return show(kind, message);
  waiting.push({ kind, message });
  for (const listener of listeners) listener();
}

/**
 * Notifications (spec §9), as sonner's `toast` shows them. Sonner itself is fetched with the first
 * notification (components/themed-toaster.tsx), not with every page; what is asked for before it is
 * mounted waits here and is shown as soon as it is.
 */
export const toast = {
  success: (message: string) => notify("success", message),
  error: (message: string) => notify("error", message),
};

/** The toaster asks to be loaded once a notification is wanted (at once when one already waits). */
export function whenNotificationWanted(listener: () => void): () => void {
  listeners.add(listener);
  if (waiting.length > 0) listener();
  return () => listeners.delete(listener);
}

/** The mounted toaster takes over: the waiting notifications are shown, in order. */
export function toasterMounted(next: Show): () => void {
  show = next;
  for (const { kind, message } of waiting.splice(0)) next(kind, message);
  return () => {
    show = null;
  };
}
