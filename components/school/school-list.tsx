"use client";

import { Plus } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import { loadingTexts } from "@/lib/contract/messages";
import { schoolCategories } from "@/lib/contract/schools-values";
import { SCHOOL_PAGE_SIZE, useDistrictLgas, useSchoolSearch, useSchoolSearchTotal, type SchoolFilters } from "@/lib/queries/schools";
import { keepRegisterQuery } from "@/lib/register-return";
import { routes } from "@/lib/routes";
import { useDebounced } from "@/lib/use-debounced";
import { SchoolCard } from "./school-card";
import { SchoolForm } from "./school-form";

const SEARCH_DEBOUNCE_MS = 300;

type Props = { districtId: string; canCreate: boolean; canEdit: boolean };

/**
 * The district's schools as cards: search, filter by local government and category, page through them.
 * The search is in the URL (`searchTerm`) and kept for the tab, so the way back after a save keeps it.
 */
export function SchoolList({ districtId, canCreate, canEdit }: Props) {
  const params = useSearchParams();
  const [text, setText] = useState(() => params.get("searchTerm") ?? "");
  const [filters, setFilters] = useState<Omit<SchoolFilters, "searchTerm">>({ localGovernment: "", schoolCategory: "", page: 1 });
  const [creating, setCreating] = useState(false);
  const searchTerm = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useSchoolSearch(districtId, { ...filters, searchTerm });
  const counted = useSchoolSearchTotal(districtId, { ...filters, searchTerm });
  const lgas = useDistrictLgas(districtId);
  useEffect(() => {
    const query = searchTerm ? new URLSearchParams({ searchTerm }).toString() : "";
    keepRegisterQuery(routes.schoolManagement, query);
    const { pathname, search } = window.location;
    // Next keeps useSearchParams in step with history.replaceState; no server round trip for a keystroke.
    if (search.replace(/^\?/, "") !== query) window.history.replaceState(window.history.state, "", query ? `${pathname}?${query}` : pathname);
  }, [searchTerm]);
  const setFilter = (change: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...change, page: change.page ?? 1 }));
  const total = counted.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SCHOOL_PAGE_SIZE));
  const page = Math.min(filters.page, pages);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-end gap-2">
        {canCreate ? (
          <Button onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden /> New school
          </Button>
        ) : null}
      </div>
      <div role="search" className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Search schools"
          type="search"
          value={text}
          placeholder="Name, description or address"
          onChange={(event) => {
            setText(event.target.value);
            setFilter({});
          }}
        />
        <SelectField
          label="Local government"
          options={lgas.data ?? []}
          placeholder="All local governments"
          value={filters.localGovernment}
          onChange={(event) => setFilter({ localGovernment: event.target.value })}
        />
        <SelectField
          label="Category"
          options={schoolCategories}
          placeholder="All categories"
          value={filters.schoolCategory}
          onChange={(event) => setFilter({ schoolCategory: event.target.value })}
        />
      </div>
      {results.isPending ? <LoadingOverlay text={loadingTexts.schools} /> : null}
      {results.isError ? <p role="alert">{results.error.message}</p> : null}
      {results.data ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {!counted.data ? "\u00a0" : total === 0 ? "No school matches." : `${total.toLocaleString("en")} school${total === 1 ? "" : "s"}`}
          </p>
          <div className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${results.isPlaceholderData ? "opacity-60" : ""}`}>
            {results.data.foundSchools.map((school) => (
              <SchoolCard key={school.id} school={school} canEdit={canEdit} />
            ))}
          </div>
          {pages > 1 ? (
            <nav aria-label="Pages of schools" className="flex items-center justify-center gap-3">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setFilter({ page: page - 1 })}>
                Previous
              </Button>
              <span className="text-sm">
                Page {page} of {pages}
              </span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => setFilter({ page: page + 1 })}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
      {canCreate && creating ? <SchoolForm districtId={districtId} dialog={{ title: "New school", onClose: () => setCreating(false) }} /> : null}
    </div>
  );
}
