import { useCallback, useMemo, useSyncExternalStore } from "react";
import { clearRegisterQueries } from "./register-return";

/*
 * API (for the registers and the screens that act on their selection):
 *
 *   import { keptSelection, useKeptSelection, MAX_KEPT_SELECTION } from "@/lib/kept-selection";
 *
 *   keptSelection("students").set(ids, true)   // add these ids (false: remove them)
 *   keptSelection("students").clear()          // e.g. after a successful move
 *   keptSelection("students").ids()            // the ids now, outside React (empty on the server)
 *   const { ids, has, count } = useKeptSelection("students");  // in a component; re-renders on change,
 *                                                              // empty while rendering on the server
 *   clearKeptSelections()                      // every register's selection (logout does this)
 *
 * Keys: "staff" (staff register ↔ transfer screen), "students" (admission register ↔ group move).
 * At most MAX_KEPT_SELECTION (1,000) ids are kept, the APIs' limit for one transfer or move.
 */

/**
 * The selection a register keeps for an action on many records (spec §4 'The selected staff list is
 * kept for transfers'; architecture 'Staff' and 'Students'): ids in the tab's sessionStorage, one list
 * per register, shared by the register and the screen that acts on it, so a selection survives paging,
 * filtering, a reload and the way to that screen and back. Cleared after the action and at logout.
 */
const storageKeys = {
  staff: "portal.staff-selection",
  students: "portal.students-selection",
} as const;
export type SelectionKey = keyof typeof storageKeys;

/** A transfer or a group move takes at most this many at once (the APIs' limit). */
export const MAX_KEPT_SELECTION = 1000;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function read(raw: string | null): string[] {
  try {
    const value: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function write(key: SelectionKey, ids: string[]) {
  if (ids.length === 0) sessionStorage.removeItem(storageKeys[key]);
  else sessionStorage.setItem(storageKeys[key], JSON.stringify(ids.slice(0, MAX_KEPT_SELECTION)));
  notify();
}

const stored = (key: SelectionKey) => (typeof sessionStorage === "undefined" ? [] : read(sessionStorage.getItem(storageKeys[key])));

/** One register's kept selection, to change it (from event handlers, never while rendering). */
export function keptSelection(key: SelectionKey) {
  return {
    /** The ids kept now. */
    ids: () => stored(key),
    clear: () => write(key, []),
    /** Adds or removes these ids (select all on a filtered page adds every id of it). */
    set(ids: string[], selected: boolean) {
      const current = stored(key);
      const drop = new Set(ids);
      write(key, selected ? [...new Set([...current, ...ids])] : current.filter((id) => !drop.has(id)));
    },
  };
}

/** Every register's selection (and its kept search, lib/register-return.ts): the tab's next user starts with nothing selected. */
export function clearKeptSelections() {
  for (const key of Object.keys(storageKeys) as SelectionKey[]) sessionStorage.removeItem(storageKeys[key]);
  clearRegisterQueries();
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const keys = new Set<string>(Object.values(storageKeys));
  const onStorage = (event: StorageEvent) => (event.key === null || keys.has(event.key)) && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** A register's selected ids (empty while rendering on the server) and a fast membership test. */
export function useKeptSelection(key: SelectionKey) {
  const raw = useSyncExternalStore(
    subscribe,
    () => sessionStorage.getItem(storageKeys[key]),
    () => null,
  );
  const ids = useMemo(() => read(raw), [raw]);
  const set = useMemo(() => new Set(ids), [ids]);
  const has = useCallback((id: string) => set.has(id), [set]);
  return { ids, has, count: ids.length };
}
