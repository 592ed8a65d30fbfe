import { useSyncExternalStore } from "react";

/*
 * A register's last query (its search, filters and page) kept in the tab's sessionStorage, so that the way
 * back to it after a save or from a record opens it as the user left it: the search typed is not lost.
 * The registers write it as their URL changes; save redirects and 'back' links read it. Logout clears it
 * (clearKeptSelections), so the tab's next user starts from a plain register.
 */
const prefix = "portal.register-query:";

const storage = () => (typeof sessionStorage === "undefined" ? null : sessionStorage);

/** Keeps `query` (a URL query string without '?', "" for none) as the register at `path` last showed it. */
export function keepRegisterQuery(path: string, query: string) {
  const kept = storage();
  if (!kept) return;
  const clean = query.replace(/^\?/, "");
  if (clean) kept.setItem(prefix + path, clean);
  else kept.removeItem(prefix + path);
}

/** The register at `path` as the user left it in this tab (the plain path when nothing is kept, and on the server). */
export function registerReturnHref(path: string): string {
  const query = storage()?.getItem(prefix + path);
  return query ? `${path}?${query}` : path;
}

/** Every register's kept query (logout). */
export function clearRegisterQueries() {
  const kept = storage();
  if (!kept) return;
  const keys = Array.from({ length: kept.length }, (_, i) => kept.key(i)).filter((key): key is string => key?.startsWith(prefix) ?? false);
  for (const key of keys) kept.removeItem(key);
}

const noSubscription = () => () => undefined;

/** registerReturnHref for a link rendered on the server too: the plain path until hydrated. */
export function useRegisterReturnHref(path: string): string {
  return useSyncExternalStore(
    noSubscription,
    () => registerReturnHref(path),
    () => path,
  );
}
