"use client";

import { RemoveFromSelection, ReviewSection, ReviewTable } from "@/components/register/selection-action";
import { phoneCards } from "@/components/ui/phone-cards";
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
  return (
    <ReviewSection headingId="move-review-heading">
      <p aria-live="polite">{summary(moves)}</p>
      {moves.length > 0 ? (
        <ReviewTable caption="Each pupil's move, from and to" labels={["Pupil", "From", "To"]} cellClassName={cell} width="min-w-[560px]">
          {moves.map((line) => (
            <tr key={line.student.id} className={`border-t border-border ${phoneCards.row}`}>
              <th scope="row" className={`${cell} font-medium ${phoneCards.title}`}>
                {line.student.name}
                <span className="block text-xs font-normal text-muted-foreground">{line.student.admissionNumber}</span>
              </th>
              <td className={`${cell} ${phoneCards.cell}`} data-label="From">
                {placeText(line.from)}
              </td>
              <td className={`${cell} ${phoneCards.cell}`} data-label="To">
                {line.alreadyThere ? (
                  <span className="text-muted-foreground">Already there: stays</span>
                ) : (
                  <>
                    <span aria-hidden>→ </span>
                    {placeText(line.to)}
                  </>
                )}
              </td>
              <td className={`${cell} ${phoneCards.cell}`}>
                <RemoveFromSelection name={line.student.name} onRemove={() => onRemove(line)} />
              </td>
            </tr>
          ))}
        </ReviewTable>
      ) : null}
    </ReviewSection>
  );
}
