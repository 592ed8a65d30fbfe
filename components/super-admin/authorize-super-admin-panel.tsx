"use client";

import { useState } from "react";
import { StaffSearch } from "@/components/form/staff-search";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { clientApi, districtApi } from "@/lib/client-api";
import type { StaffSearchResult } from "@/lib/contract/roles";
import { routes } from "@/lib/routes";
import { useBusyAction } from "@/lib/use-busy-action";
import { useSuccessRedirect } from "@/lib/use-success-redirect";

/** Spec §6: a super administrator may authorise another; afterwards the portal goes home (spec §2, route /). */
export function AuthorizeSuperAdminPanel({ districtId, districtName }: { districtId: string; districtName: string }) {
  const [chosen, setChosen] = useState<StaffSearchResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useBusyAction();
  const succeed = useSuccessRedirect();

  const authorize = (staff: StaffSearchResult) =>
    run(async () => {
      const { message } = await clientApi<{ message: string }>(districtApi("staff/authorize-super-admin"), { method: "POST", json: { staffId: staff.id } });
      setConfirming(false);
      await succeed(message, routes.home);
    });

  return (
    <section aria-labelledby="authorize-heading" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="authorize-heading" className="text-lg font-semibold">
        Authorise a super administrator
      </h2>
      <p className="text-sm text-muted-foreground">
        Super administrators hold every permission in every district. Search the staff of {districtName}; switch district to find staff elsewhere.
      </p>
      <StaffSearch districtId={districtId} label="Staff member" onSelect={setChosen} />
      {chosen ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3">
          <p>
            <span className="font-medium">
              {chosen.firstName} {chosen.lastName}
            </span>{" "}
            <span className="text-sm text-muted-foreground">({chosen.email})</span>
          </p>
          <Button onClick={() => setConfirming(true)} disabled={busy}>
            Authorise
          </Button>
        </div>
      ) : null}
      {chosen ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Authorise a super administrator?"
          description={`${chosen.firstName} ${chosen.lastName} will hold every permission in every district, and can authorise others.`}
          confirmLabel="Authorise"
          busy={busy}
          onConfirm={() => void authorize(chosen)}
        />
      ) : null}
      {busy ? <LoadingOverlay /> : null}
    </section>
  );
}
