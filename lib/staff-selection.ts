import { useCallback, useMemo, useSyncExternalStore } from "react";

/**
 * The staff selected for a transfer (spec §4 'The selected staff list is kept for transfers';
 * architecture 'Staff'): ids in the tab's sessionStorage, shared by the staff register and the transfer
 * screen, so the selection survives paging, filtering, a reload and the way to the transfer screen and
 * back. Cleared after a transfer and at logout.
 */
const KEY = "portal.staff-selection";
/** A transfer moves at most this many at once (the API's limit). */
export const MAX_SELECTED_STAFF = 1000;

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

function write(ids: string[]) {
  if (ids.length === 0) sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, JSON.stringify(ids.slice(0, MAX_SELECTED_STAFF)));
  notify();
}

export const staffSelection = {
  clear: () => write([]),
  /** Adds or removes these ids (select all on a filtered page adds every id of it). */
  set(ids: string[], selected: boolean) {
    const current = read(sessionStorage.getItem(KEY));
    const next = selected ? [...new Set([...current, ...ids])] : current.filter((id) => !ids.includes(id));
    write(next);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The selected ids (empty while rendering on the server) and a fast membership test. */
export function useStaffSelection() {
  const raw = useSyncExternalStore(
    subscribe,
    () => sessionStorage.getItem(KEY),
    () => null,
  );
  const ids = useMemo(() => read(raw), [raw]);
  const set = useMemo(() => new Set(ids), [ids]);
  const has = useCallback((id: string) => set.has(id), [set]);
  return { ids, has, count: ids.length };
}
