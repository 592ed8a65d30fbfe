"use client";

import { TriangleAlert } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import type { StaffTransferReview, StaffTransferReviewItem } from "@/lib/contract/staff-transfers";
import { endedRolesText } from "./transfer-dates";
import { ColumnHeads } from "@/components/ui/column-heads";

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
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = (person: StaffTransferReviewItem) => {
    onRemove(person);
    // The row and its button go: keep keyboard users in the review instead of at the top of the page.
    heading.current?.focus();
  };
  const ending = review?.staff.filter((person) => person.endedRoles.length > 0) ?? [];
  const blocked = review?.staff.filter((person) => person.problems.length > 0).length ?? 0;

  return (
    <section aria-labelledby="transfer-review-heading" aria-busy={pending || stale} className="flex flex-col gap-3">
      <h2 id="transfer-review-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Review
      </h2>
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
          <div className="relative overflow-x-auto rounded-lg border border-border">
            <table className="w-full min-w-[640px] border-collapse text-left text-sm">
              <caption className="sr-only">Who moves from where to where</caption>
              <ColumnHeads
                cellClassName={cell}
                labels={["Staff member", "From", "To", "School roles ended", "Problems", <span className="sr-only">Selection</span>]}
              />
              <tbody>
                {review.staff.map((person) => (
                  <tr key={person.id} className={`border-t border-border ${person.problems.length > 0 ? "bg-danger/5" : ""}`}>
                    <th scope="row" className={`${cell} font-medium`}>
                      {person.name}
                    </th>
                    <td className={cell}>{person.from.name}</td>
                    <td className={cell}>{person.to.name}</td>
                    <td className={`${cell} ${person.endedRoles.length > 0 ? "font-medium text-danger" : "text-muted-foreground"}`}>
                      {endedRolesText(person.endedRoles, person.from) || "None"}
                    </td>
                    <td className={cell}>
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
                    <td className={cell}>
                      <Button
                        variant="secondary"
                        className="min-h-9 px-3 py-1"
                        aria-label={`Remove ${person.name} from the selection`}
                        onClick={() => remove(person)}
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </section>
  );
}
