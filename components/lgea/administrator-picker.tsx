"use client";

import { StaffSearch } from "@/components/form/staff-search";
import { Button } from "@/components/ui/button";
import type { StaffSearchResult } from "@/lib/contract/roles";

type Props = {
  districtId: string;
  chosen: StaffSearchResult | null;
  onChosen: (staff: StaffSearchResult | null) => void;
  error: string | null;
  errorId: string;
};

/** The LGEA's administrator picked among the district's staff with the staff search; the pick is shown with a way to change it. */
export function AdministratorPicker({ districtId, chosen, onChosen, error, errorId }: Props) {
  return (
    <div className="flex flex-col gap-2">
      {chosen ? (
        <div role="group" aria-label="Chosen administrator" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3">
          <p className="min-w-0 break-words">
            <span className="font-medium">
              {chosen.firstName} {chosen.lastName}
            </span>{" "}
            <span className="text-sm text-muted-foreground">({chosen.email})</span>
          </p>
          <Button variant="secondary" onClick={() => onChosen(null)} aria-label={`Change the administrator (now ${chosen.firstName} ${chosen.lastName})`}>
            Change
          </Button>
        </div>
      ) : (
        <StaffSearch districtId={districtId} label="Find the staff member" onSelect={onChosen} />
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
