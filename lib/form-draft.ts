import { useCallback, useEffect, useRef, useState } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { draftStorageKey } from "./draft-storage";

/*
 * API (for every form of more than one field):
 *
 *   const draft = useFormDraft("school:new", form);        // or "school:<id>" for an edit
 *   <DraftNotice draft={draft} />                           // 'restored' notice with 'Discard draft'
 *   onSuccess: () => { draft.clear(); … }                    // a saved form keeps no draft
 *   <Dialog dirty={draft.dirty} …>                           // a dialog asks before Escape discards
 *
 * What the user changed (only the fields that differ from the form's defaults) is kept in the tab's
 * sessionStorage as they type, so a reload, a lost connection or a failed save loses nothing; it is
 * put back, with a notice, when the form is opened again in the tab. Passwords, codes and files are
 * never kept. While there are changes, closing or reloading the tab asks first (beforeunload).
 */

const prefix = draftStorageKey("");
/** Field names never kept, whatever the form: secrets and one-time codes. */
const secret = /password|otp|verification|secret|token/i;
/** A value bigger than this (an image as a data URL) is not kept: sessionStorage is small and shared. */
const MAX_VALUE_CHARS = 20_000;

export type Draft = ReturnType<typeof useFormDraft>;

type Stored = Record<string, unknown>;

function readDraft(key: string): Stored | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(prefix + key) ?? "null");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Stored) : null;
  } catch {
    return null;
  }
}

/** The fields that differ from their defaults, as kept: none secret, none a file, none too big. */
export function changedFields(values: Stored, defaults: Stored, exclude: readonly string[] = []): Stored {
  const changed: Stored = {};
  for (const [name, value] of Object.entries(values)) {
    if (secret.test(name) || exclude.includes(name)) continue;
    if (typeof Blob !== "undefined" && value instanceof Blob) continue;
    const json = JSON.stringify(value ?? null);
    if (json === undefined || json.length > MAX_VALUE_CHARS || json === "{}") continue;
    if (json !== JSON.stringify(defaults[name] ?? null)) changed[name] = value;
  }
  return changed;
}

/** Removes every draft of the tab (logout does this, so the next person at the computer finds none). */
export function clearDrafts() {
  if (typeof sessionStorage === "undefined") return;
  for (const name of Object.keys(sessionStorage)) if (name.startsWith(prefix)) sessionStorage.removeItem(name);
}

/** The question asked before Cancel throws typed changes away (a dialog asks it in its own words, components/ui/dialog.tsx). */
export const discardQuestion = "Discard what you typed?";

/** The question asked before a link leaves a page whose form holds changes. */
export const leaveQuestion = "Leave this page? Your changes are not saved. They stay as a draft in this tab.";

/**
 * Whether a click leaves for another page of the portal: a plain click (no modifier key, no new tab or
 * download) on a link to this site whose path or query differs from the page's. A link within the page
 * (#section) stays.
 */
export function leavesPage(
  event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; target: EventTarget | null },
  here: { href: string; origin: string; pathname: string; search: string },
) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Partial<Element> | null)?.closest?.("a[href]");
  const target = link?.getAttribute("target");
  if (!link || link.hasAttribute("download") || (target && target !== "_self")) return false;
  const to = new URL(link.getAttribute("href") ?? "", here.href);
  return to.origin === here.origin && (to.pathname !== here.pathname || to.search !== here.search);
}

/** How many forms of the page hold changes: one listener asks for all of them. */
let dirtyForms = 0;

/** A click on a link that leaves the page asks first; 'Cancel' keeps the page (the router never sees the click). */
function leavingAsked(event: MouseEvent) {
  if (!leavesPage(event, window.location) || window.confirm(leaveQuestion)) return;
  event.preventDefault();
  event.stopPropagation();
}

export function useFormDraft<T extends FieldValues, C = unknown, O = T>(
  key: string,
  form: UseFormReturn<T, C, O>,
  options: { exclude?: readonly string[] } = {},
) {
  const [restored, setRestored] = useState(false);
  const [dirty, setDirty] = useState(false);
  const exclude = useRef(options.exclude ?? []);
  const cleared = useRef(false);

  // Put back what was kept, once, after the form's first render (the server render knows no draft).
  useEffect(() => {
    const kept = readDraft(key);
    if (!kept || Object.keys(kept).length === 0) return;
    for (const [name, value] of Object.entries(kept)) {
      if (secret.test(name) || exclude.current.includes(name)) continue;
      form.setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true });
    }
    // The tab's storage is outside React and unknown to the server render: it can only be read after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestored(true);
    setDirty(true);
  }, [key, form]);

  // Keep the changes as they are typed (a watch callback: no re-render per key, and no delay, so an
  // Escape or a reload right after the last key still knows about it).
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      // Typing after a save starts a new draft; the form's own resets after a save do not.
      if (type === "change") cleared.current = false;
      const changed = changedFields(form.getValues() as Stored, (form.formState.defaultValues ?? {}) as Stored, exclude.current);
      const any = Object.keys(changed).length > 0;
      if (any && !cleared.current) sessionStorage.setItem(prefix + key, JSON.stringify(changed));
      else sessionStorage.removeItem(prefix + key);
      setDirty(any && !cleared.current);
    });
    return () => subscription.unsubscribe();
  }, [key, form]);

  // Closing or reloading the tab with changes asks first; the browser words the question. Following a
  // link of the portal to another page asks too (leavingAsked), before the router sees the click.
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    if (dirtyForms++ === 0) document.addEventListener("click", leavingAsked, true);
    return () => {
      window.removeEventListener("beforeunload", ask);
      if (--dirtyForms === 0) document.removeEventListener("click", leavingAsked, true);
    };
  }, [dirty]);

  /** After a save: no draft, nothing to ask about. */
  const clear = useCallback(() => {
    cleared.current = true;
    sessionStorage.removeItem(prefix + key);
    setDirty(false);
    setRestored(false);
  }, [key]);

  /** 'Discard draft': the form as it was opened. */
  const discard = useCallback(() => {
    clear();
    form.reset();
  }, [clear, form]);

  return { restored, dirty, clear, discard };
}
