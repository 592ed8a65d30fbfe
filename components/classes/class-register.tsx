"use client";

import type { HistoryAccess } from "@/lib/audit-access";
import { Layers, Plus } from "lucide-react";
import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import type { ClassItem } from "@/lib/contract/classes";
import { CLASS_PAGE_SIZE, classFilterQuery, classFiltersFromQuery, useClassList, type ClassFilters } from "@/lib/queries/classes";
import { ClassFilterBar } from "./class-filters";
import { ClassTable } from "./class-table";

// The dialogs (and react-hook-form with them) are fetched when first opened, not with the list.
const loading = () => <LoadingOverlay />;
const ClassDialog = dynamic(() => import("./class-dialog").then((m) => m.ClassDialog), { ssr: false, loading });
const StandardSetDialog = dynamic(() => import("./standard-set-dialog").then((m) => m.StandardSetDialog), { ssr: false, loading });

/** The list's loading text (the spec names none for classes; worded as its others are). */
const LOADING_CLASSES = "Loading Classes...";

type Props = { districtId: string; can: { create: boolean; update: boolean }; history: HistoryAccess };
type Open = { kind: "new" } | { kind: "edit"; item: ClassItem } | { kind: "standard-set" } | null;

/** The classes in the caller's scope: School and Class type filters in the URL, a table 100 a page, and the class dialogs. */
export function ClassRegister({ districtId, can, history }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const { filters, page } = useMemo(() => classFiltersFromQuery(new URLSearchParams(search.toString())), [search]);
  const results = useClassList(filters, page);
  const [open, setOpen] = useState<Open>(null);
  const total = results.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CLASS_PAGE_SIZE));
  const filtered = Boolean(filters.school || filters.classType);

  const go = (next: ClassFilters, nextPage = 1) => {
    const query = classFilterQuery(next, nextPage);
    router.replace(query.size > 0 ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  const close = () => setOpen(null);
  const rows = results.data?.classes ?? [];

  return (
    <section aria-labelledby="classes-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="classes-heading" className="text-xl font-bold">
          Class list
        </h2>
        {can.create ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setOpen({ kind: "standard-set" })}>
              <Layers size={16} aria-hidden /> Add standard set
            </Button>
            <Button onClick={() => setOpen({ kind: "new" })}>
              <Plus size={16} aria-hidden /> New class
            </Button>
          </div>
        ) : null}
      </div>
      <ClassFilterBar districtId={districtId} filters={filters} onChange={(change) => go({ ...filters, ...change })} />
      {results.isPending ? <LoadingOverlay text={LOADING_CLASSES} /> : null}
      {results.isError ? <p role="alert">{results.error.message}</p> : null}
      {results.data ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total === 0 ? (filtered ? "No class matches." : "No classes yet.") : `${total.toLocaleString("en")} class${total === 1 ? "" : "es"}`}
          </p>
          {rows.length > 0 ? (
            <div className={results.isPlaceholderData ? "opacity-60" : ""}>
              <ClassTable
                rows={rows}
                caption={`Classes, page ${page} of ${pages}`}
                onEdit={can.update ? (item) => setOpen({ kind: "edit", item }) : undefined}
              />
            </div>
          ) : null}
          {pages > 1 ? (
            <nav aria-label="Pages of classes" className="flex items-center justify-center gap-3">
              <Button variant="secondary" disabled={page <= 1} onClick={() => go(filters, page - 1)}>
                Previous
              </Button>
              <span className="text-sm">
                Page {page} of {pages}
              </span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => go(filters, page + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
      {open?.kind === "new" ? <ClassDialog districtId={districtId} defaultSchool={filters.school} onClose={close} /> : null}
      {open?.kind === "edit" ? <ClassDialog districtId={districtId} item={open.item} history={history} onClose={close} /> : null}
      {open?.kind === "standard-set" ? <StandardSetDialog districtId={districtId} defaultSchool={filters.school} onClose={close} /> : null}
    </section>
  );
}
