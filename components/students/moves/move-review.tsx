"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { ColumnHeads } from "@/components/ui/column-heads";
import type { StudentMoveLine } from "@/lib/contract/students";
import { studentMessages } from "@/lib/contract/students-values";

const cell = "px-3 py-2 align-top";
type Place = StudentMoveLine["from"];
const placeText = (p: Place) => (p.class ? `${p.class.name}, ${p.school.name}` : `${p.school.name} (no class)`);

function summary(moves: StudentMoveLine[]) {
  if (moves.length === 0) return "No pupil is left in this move.";
  const moving = moves.filter((m) => !m.alreadyThere).length;
  const staying = moves.length - moving;
  const count = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "pupil" : "pupils"}`;
  if (moving === 0) return studentMessages.allAlreadyThere;
  return `${count(moving)} ${moving === 1 ? "moves" : "move"}${staying > 0 ? `; ${count(staying)} already there ${staying === 1 ? "stays" : "stay"}` : ""}.`;
}

/** What POST /student/move-review answered: each pupil's school and class now and after the move, with a way to take a pupil out. */
export function MoveReview({ moves, onRemove }: { moves: StudentMoveLine[]; onRemove: (line: StudentMoveLine) => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="move-review-heading" className="flex flex-col gap-3">
      <h2 id="move-review-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Review
      </h2>
      <p aria-live="polite">{summary(moves)}</p>
      {moves.length > 0 ? (
        <div className="relative overflow-x-auto rounded-lg border border-border">
          <table className="w-full min-w-[560px] border-collapse text-left text-sm">
            <caption className="sr-only">Each pupil&apos;s move, from and to</caption>
            <ColumnHeads
              cellClassName={cell}
              labels={[
                "Pupil",
                "From",
                "To",
                <span key="selection" className="sr-only">
                  Selection
                </span>,
              ]}
            />
            <tbody>
              {moves.map((line) => (
                <tr key={line.student.id} className="border-t border-border">
                  <th scope="row" className={`${cell} font-medium`}>
                    {line.student.name}
                    <span className="block text-xs font-normal text-muted-foreground">{line.student.admissionNumber}</span>
                  </th>
                  <td className={cell}>{placeText(line.from)}</td>
                  <td className={cell}>
                    {line.alreadyThere ? (
                      <span className="text-muted-foreground">Already there: stays</span>
                    ) : (
                      <>
                        <span aria-hidden>→ </span>
                        {placeText(line.to)}
                      </>
                    )}
                  </td>
                  <td className={cell}>
                    <Button
                      variant="secondary"
                      className="min-h-9 px-3 py-1"
                      aria-label={`Remove ${line.student.name} from the selection`}
                      onClick={() => {
                        onRemove(line);
                        // The row and its button go: keep keyboard users in the review.
                        heading.current?.focus();
                      }}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
