"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { registerHref, type RegisterFilters } from "@/lib/register-url";

/**
 * A register's filters and page, read from the URL and written back to it (replacing the history entry,
 * without scrolling): `fromQuery` reads them as the server page does, `go` shows other filters or another page.
 */
export function useRegisterUrl<K extends string>(keys: readonly K[], fromQuery: (query: URLSearchParams) => { filters: RegisterFilters<K>; page: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const { filters, page } = useMemo(() => fromQuery(new URLSearchParams(search.toString())), [search, fromQuery]);
  const go = useCallback(
    (next: RegisterFilters<K>, nextPage = 1) => router.replace(registerHref(pathname, keys, next, nextPage), { scroll: false }),
    [router, pathname, keys],
  );
  return { filters, page, go };
}
