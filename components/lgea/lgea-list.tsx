"use client";

import { Plus } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { NavLink } from "@/components/ui/nav-link";
import { loadingTexts } from "@/lib/contract/notices";
import { LGEA_PAGE_SIZE, lgeaPageFrom, useLgeaPage } from "@/lib/queries/lgeas";
import { routes } from "@/lib/routes";
import type { HistoryAccess } from "@/lib/audit-access";
import { LgeaCard } from "./lgea-card";

const linkButton = "inline-flex min-h-11 items-center gap-2 rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground hover:opacity-90";

type Props = { districtId: string; canCreate: boolean; history: HistoryAccess };

/** The district's LGEA portals, a page at a time (the page in the URL, so it can be bookmarked), and the way to create one. */
export function LgeaList({ districtId, canCreate, history }: Props) {
  const router = useRouter();
  const params = useSearchParams();
  const [navigating, startNavigation] = useTransition();
  const requested = lgeaPageFrom(params);
  const list = useLgeaPage(districtId, requested);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LGEA_PAGE_SIZE));
  const goTo = (page: number) => startNavigation(() => router.push(page > 1 ? `${routes.lgaManagement}?page=${page}` : routes.lgaManagement, { scroll: true }));

  return (
    <div className="flex flex-col gap-4">
      {canCreate ? (
        <div className="flex flex-wrap justify-end gap-2">
          <NavLink href={routes.lgaCreation} className={linkButton}>
            <Plus size={16} aria-hidden /> Create LGEA portal
          </NavLink>
        </div>
      ) : null}
      {list.isPending ? <LoadingOverlay text={loadingTexts.default} /> : null}
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      {list.data ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total === 0 ? "No LGEA portals yet." : `${total.toLocaleString("en")} LGEA portal${total === 1 ? "" : "s"}`}
          </p>
          {total === 0 ? (
            <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-border bg-card p-6 text-sm">
              <p>This district has no LGEA portal yet. Each local government of the state can have one, with its own administrator.</p>
              {canCreate ? (
                <NavLink href={routes.lgaCreation} className="font-medium text-primary hover:underline">
                  Create the first LGEA portal
                </NavLink>
              ) : null}
            </div>
          ) : list.data.lgeas.length === 0 ? (
            <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-border bg-card p-6 text-sm">
              <p>
                There is no page {requested}: the list has {pages} page{pages === 1 ? "" : "s"}.
              </p>
              <Button variant="ghost" className="px-0" onClick={() => goTo(1)}>
                Go to the first page
              </Button>
            </div>
          ) : (
            <div className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${list.isPlaceholderData || navigating ? "opacity-60" : ""}`}>
              {list.data.lgeas.map((lgea) => (
                <LgeaCard key={lgea.id} lgea={lgea} history={history} />
              ))}
            </div>
          )}
          {pages > 1 && requested <= pages ? (
            <nav aria-label="Pages of LGEA portals" className="flex items-center justify-center gap-3">
              <Button variant="secondary" disabled={requested <= 1 || navigating} onClick={() => goTo(requested - 1)}>
                Previous
              </Button>
              <span className="text-sm">
                Page {requested} of {pages}
              </span>
              <Button variant="secondary" disabled={requested >= pages || navigating} onClick={() => goTo(requested + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
