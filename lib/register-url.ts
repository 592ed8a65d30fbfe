/**
 * A register's filters and page in the URL (architecture 'Performance': lists keep their filters in the
 * URL), shared by the staff register and the admission register: a filtered list can be bookmarked and
 * shared, and the server page reads the same URL to render it with its data.
 */

/** A register's filters by name ("" or missing: not filtered). */
export type RegisterFilters<K extends string> = Partial<Record<K, string>>;

/** The filters as a query string, in the fixed order of `keys` with empty ones left out (one cache entry per filter). */
export function registerFilterQuery<K extends string>(keys: readonly K[], filters: RegisterFilters<K>): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of keys) {
    const value = filters[key]?.trim();
    if (value) query.set(key, value);
  }
  return query;
}

/** The filters and page as the URL holds them (a missing or bad page is the first). */
export function registerFromQuery<K extends string>(keys: readonly K[], query: URLSearchParams): { filters: RegisterFilters<K>; page: number } {
  const filters: RegisterFilters<K> = {};
  for (const key of keys) {
    const value = query.get(key);
    if (value) filters[key] = value;
  }
  const page = Number(query.get("page"));
  return { filters, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The filters and page as the register's address (page 1 left out). */
export function registerHref<K extends string>(pathname: string, keys: readonly K[], filters: RegisterFilters<K>, page = 1): string {
  const query = registerFilterQuery(keys, filters);
  if (page > 1) query.set("page", String(page));
  return query.size > 0 ? `${pathname}?${query}` : pathname;
}

/** A server page's searchParams as the register reads them in the browser (the first value of each key). */
export function searchParamsOf(params: Record<string, string | string[] | undefined>): URLSearchParams {
  return new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : Array.isArray(value) && value[0] ? [[key, value[0]]] : [])),
  );
}
