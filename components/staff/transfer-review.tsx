"use client";

import { TriangleAlert } from "lucide-react";
import { RemoveFromSelection, ReviewSection, ReviewTable } from "@/components/register/selection-action";
import { Button } from "@/components/ui/button";
import { phoneCards } from "@/components/ui/phone-cards";
import type { StaffTransferReview, StaffTransferReviewItem } from "@/lib/contract/staff-transfers";
import { endedRolesText } from "./transfer-dates";

type Props = {
  review: StaffTransferReview | undefined;
  /** The answer shown is for an earlier selection or destination; the current one is on its way. */
  stale: boolean;
  pending: boolean;
  error: Error | null;
  onRemove: (person: StaffTransferReviewItem) => void;
  onClearSelection: () => void;
};

const cell = "px-3 py-2 align-top";

/** Who moves from where to where, the school roles each move ends, and what stops a move, with a way to take that person out. */
export function TransferReview({ review, stale, pending, error, onRemove, onClearSelection }: Props) {
  const ending = review?.staff.filter((person) => person.endedRoles.length > 0) ?? [];
  const blocked = review?.staff.filter((person) => person.problems.length > 0).length ?? 0;

  return (
    <ReviewSection headingId="transfer-review-heading" busy={pending || stale}>
      {pending && !review ? <p role="status">Checking the selected staff…</p> : null}
      {error ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-md border border-danger p-3 text-sm">
          <p>{error.message}</p>
          <p>A selected staff member may no longer be in your reach, or the destination may have gone. Start again from the staff register.</p>
          <Button variant="secondary" onClick={onClearSelection}>
            Clear the selection
          </Button>
        </div>
      ) : null}
      {review && !error ? (
        <div className={`flex flex-col gap-3 ${stale ? "opacity-60" : ""}`}>
          <p aria-live="polite">
            {review.staff.length} staff {review.staff.length === 1 ? "member" : "members"} to <strong>{review.destination.name}</strong>
            {stale ? " (updating…)" : "."}
          </p>
          {ending.length > 0 ? (
            <div role="note" aria-label="School roles this transfer ends" className="flex gap-2 rounded-md border border-danger bg-danger/5 p-3 text-sm">
              <TriangleAlert size={18} className="mt-0.5 shrink-0 text-danger" aria-hidden />
              <div>
                <p className="font-semibold">This transfer ends {ending.length === 1 ? "a school role" : "school roles"}:</p>
                <ul className="list-disc pl-5">
                  {ending.map((person) => (
                    <li key={person.id}>
                      {person.name}: {endedRolesText(person.endedRoles, person.from)}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          ) : null}
          {blocked > 0 ? (
            <p role="alert" className="text-sm text-danger">
              {blocked === 1 ? "1 staff member cannot be moved there" : `${blocked} staff members cannot be moved there`}: remove{" "}
              {blocked === 1 ? "them" : "each of them"} from the selection, or choose another destination.
            </p>
          ) : null}
          <ReviewTable
            caption="Who moves from where to where"
            labels={["Staff member", "From", "To", "School roles ended", "Problems"]}
            cellClassName={cell}
            width="min-w-[640px]"
          >
            {review.staff.map((person) => (
              <tr key={person.id} className={`border-t border-border ${person.problems.length > 0 ? "bg-danger/5" : ""} ${phoneCards.row}`}>
                <th scope="row" className={`${cell} font-medium ${phoneCards.title}`}>
                  {person.name}
                </th>
                <td className={`${cell} ${phoneCards.cell}`} data-label="From">
                  {person.from.name}
                </td>
                <td className={`${cell} ${phoneCards.cell}`} data-label="To">
                  {person.to.name}
                </td>
                <td
                  className={`${cell} ${person.endedRoles.length > 0 ? "font-medium text-danger" : "text-muted-foreground"} ${phoneCards.cell}`}
                  data-label="School roles ended"
                >
                  {endedRolesText(person.endedRoles, person.from) || "None"}
                </td>
                <td className={`${cell} ${phoneCards.cell}`} data-label="Problems">
                  {person.problems.length > 0 ? (
                    <ul className="text-danger">
                      {person.problems.map((problem) => (
                        <li key={problem}>{problem}</li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-muted-foreground">None</span>
                  )}
                </td>
                <td className={`${cell} ${phoneCards.cell}`}>
                  <RemoveFromSelection name={person.name} onRemove={() => onRemove(person)} />
                </td>
              </tr>
            ))}
          </ReviewTable>
        </div>
      ) : null}
    </ReviewSection>
  );
}
