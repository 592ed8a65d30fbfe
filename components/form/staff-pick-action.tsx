"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import type { StaffSearchResult } from "@/lib/contract/roles";
import { StaffSearch } from "./staff-search";

type Props = {
  districtId: string;
  searchLabel: string;
  actionLabel: string;
  confirmTitle: string;
  confirmLabel: string;
  consequence: (staff: StaffSearchResult) => string;
  busy: boolean;
  onConfirm: (staff: StaffSearchResult) => void;
};

/** Find a staff member, see who was chosen, then act on them after a confirmation (a right handed to a person). */
export function StaffPickAction({ districtId, searchLabel, actionLabel, confirmTitle, confirmLabel, consequence, busy, onConfirm }: Props) {
  const [chosen, setChosen] = useState<StaffSearchResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <StaffSearch districtId={districtId} label={searchLabel} onSelect={setChosen} />
      {chosen ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3">
          <p>
            <span className="font-medium">
              {chosen.firstName} {chosen.lastName}
            </span>{" "}
            <span className="text-sm text-muted-foreground">({chosen.email})</span>
          </p>
          <Button onClick={() => setConfirming(true)} disabled={busy}>
            {actionLabel}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={confirmTitle}
            description={consequence(chosen)}
            confirmLabel={confirmLabel}
            busy={busy}
            onConfirm={() => {
              setConfirming(false);
              onConfirm(chosen);
            }}
          />
        </div>
      ) : null}
      {busy ? <LoadingOverlay /> : null}
    </>
  );
}
