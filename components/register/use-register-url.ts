"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo } from "react";
import { registerHref, type RegisterFilters } from "@/lib/register-url";
import { keepRegisterQuery } from "@/lib/register-return";

/**
 * A register's filters and page, read from the URL and written back to it (replacing the history entry,
 * without scrolling): `fromQuery` reads them as the server page does, `go` shows other filters or another page.
 * The query is also kept for the tab (lib/register-return.ts), so the way back after a save opens it as left.
 */
export function useRegisterUrl<K extends string>(keys: readonly K[], fromQuery: (query: URLSearchParams) => { filters: RegisterFilters<K>; page: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const query = search.toString();
  useEffect(() => keepRegisterQuery(pathname, query), [pathname, query]);
  const { filters, page } = useMemo(() => fromQuery(new URLSearchParams(search.toString())), [search, fromQuery]);
  const go = useCallback(
    (next: RegisterFilters<K>, nextPage = 1) => router.replace(registerHref(pathname, keys, next, nextPage), { scroll: false }),
    [router, pathname, keys],
  );
  return { filters, page, go };
}
