"use client";

type Kind = "success" | "error";
type Show = (kind: Kind, message: string) => void;

let show: Show | null = null;
const waiting: { kind: Kind; message: string; handed: () => void }[] = [];
const listeners = new Set<() => void>();

/** The next frame the browser paints (at once where nothing paints). */
const nextPaint = () => new Promise<void>((painted) => (typeof requestAnimationFrame === "function" ? requestAnimationFrame(() => painted()) : painted()));

function notify(kind: Kind, message: string): Promise<void> {
  if (show) {
    show(kind, message);
    return nextPaint();
  }
  const handed = new Promise<void>((resolve) => waiting.push({ kind, message, handed: resolve }));
  for (const listener of listeners) listener();
  return handed.then(nextPaint);
}

/**
 * Notifications (spec §9), as sonner's `toast` shows them. Sonner itself is fetched with the first
 * notification (components/themed-toaster.tsx), not with every page; what is asked for before it is
 * mounted waits here and is shown as soon as it is.
 */
export const toast = {
  success: (message: string) => void notify("success", message),
  error: (message: string) => void notify("error", message),
  /** A success notice, resolved once it is on screen: for what must happen a set time after the user has seen it. */
  successSeen: (message: string) => notify("success", message),
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
  for (const { kind, message, handed } of waiting.splice(0)) {
    next(kind, message);
    handed();
  }
  return () => {
    show = null;
  };
}
