"use client";

import { useState } from "react";
import { StaffSearch } from "@/components/form/staff-search";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { clientApi, districtApi } from "@/lib/client-api";
import { SHORT_REDIRECT_DELAY_MS } from "@/lib/contract/messages";
import type { StaffSearchResult } from "@/lib/contract/roles";
import { routes } from "@/lib/routes";
import { useBusyAction } from "@/lib/use-busy-action";
import { useSuccessRedirect } from "@/lib/use-success-redirect";

type Props = { districtId: string; districtTerm: string; isOwner: boolean };

/** Hands the district's ownership right to another staff member; the user is logged out 1 s later (spec §4). */
export function TransferRightPanel({ districtId, districtTerm, isOwner }: Props) {
  const [chosen, setChosen] = useState<StaffSearchResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useBusyAction();
  const succeed = useSuccessRedirect();
  const term = districtTerm.toLowerCase();

  const transfer = (staff: StaffSearchResult) =>
    run(async () => {
      const { message } = await clientApi<{ message: string }>(districtApi("staff/transfer-right"), { method: "POST", json: { staffId: staff.id } });
      setConfirming(false);
      await succeed(message, routes.logout, SHORT_REDIRECT_DELAY_MS);
    });

  return (
    <section aria-labelledby="transfer-right-heading" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="transfer-right-heading" className="text-lg font-semibold">
        Transfer the ownership right
      </h2>
      <p className="text-sm text-muted-foreground">
        {isOwner ? `You own this ${term}. ` : ""}The owner always keeps role management. After the transfer you are logged out, and the new owner holds the right.
      </p>
      <StaffSearch districtId={districtId} label="New owner" onSelect={setChosen} />
      {chosen ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3">
          <p>
            <span className="font-medium">
              {chosen.firstName} {chosen.lastName}
            </span>{" "}
            <span className="text-sm text-muted-foreground">({chosen.email})</span>
          </p>
          <Button onClick={() => setConfirming(true)} disabled={busy}>
            Transfer ownership
          </Button>
        </div>
      ) : null}
      {chosen ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Transfer the ownership right?"
          description={`${chosen.firstName} ${chosen.lastName} will own the ${term}. You will be logged out.`}
          confirmLabel="Transfer"
          busy={busy}
          onConfirm={() => void transfer(chosen)}
        />
      ) : null}
      {busy ? <LoadingOverlay /> : null}
    </section>
  );
}
