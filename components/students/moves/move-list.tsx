"use client";

import { ArrowLeft, ArrowRightLeft } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, useTransition } from "react";
import { RegisterCount, RegisterPages } from "@/components/register/register-parts";
import { ActionLink } from "@/components/register/selection-action";
import { formatMoment } from "@/components/staff/transfer-dates";
import { Button } from "@/components/ui/button";
import { ColumnHeads } from "@/components/ui/column-heads";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { phoneCards } from "@/components/ui/phone-cards";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { loadingTexts } from "@/lib/contract/notices";
import type { StudentMoveItem } from "@/lib/contract/students";
import { GROUP_MOVE_REVERSIBLE_HOURS } from "@/lib/contract/students-values";
import { useKeptSelection } from "@/lib/kept-selection";
import { toast } from "@/lib/notify";
import { classKeys } from "@/lib/queries/classes";
import { schoolKeys } from "@/lib/queries/schools";
import { movesPageFrom, STUDENT_MOVE_PAGE_SIZE, studentKeys, studentRecordMutations, useStudentMoves } from "@/lib/queries/students";
import { routes } from "@/lib/routes";
import { useApiMutation } from "@/lib/use-api-mutation";

const cell = "px-3 py-2 align-top";

const pupils = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "pupil" : "pupils"}`;
const undoUntil = (createdAt: string) => formatMoment(new Date(new Date(createdAt).getTime() + GROUP_MOVE_REVERSIBLE_HOURS * 3_600_000).toISOString());

function status(move: StudentMoveItem) {
  if (move.reversedAt) return `Undone ${formatMoment(move.reversedAt)}${move.reversedBy ? ` by ${move.reversedBy}` : ""}`;
  if (move.reversible) return `Can be undone until ${undoUntil(move.createdAt)}`;
  return "Final";
}

/**
 * Where a move starts: pupils already selected in the admission register go straight to the move form;
 * otherwise the register, where they are selected ('Move selected').
 */
function StartMove() {
  const selection = useKeptSelection("students");
  return (
    <ActionLink href={selection.count > 0 ? routes.studentMove : routes.admissionRegister} icon={ArrowRightLeft}>
      Start a move
    </ActionLink>
  );
}

/**
 * The group moves, newest first, a page at a time (the page kept in the URL), each reversible one with Undo
 * after a confirmation; `canMove` (student.update) offers a way to start one, also when there are none yet.
 */
export function MoveList({ canUndo, canMove = canUndo }: { canUndo: boolean; canMove?: boolean }) {
  const router = useRouter();
  const params = useSearchParams();
  const [navigating, startNavigation] = useTransition();
  const [undoing, setUndoing] = useState<StudentMoveItem | null>(null);
  const requested = movesPageFrom(params.get("page"));
  const list = useStudentMoves(requested);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STUDENT_MOVE_PAGE_SIZE));
  const page = Math.min(requested, pages);
  const go = (next: number) => startNavigation(() => router.replace(next > 1 ? `${routes.studentMoves}?page=${next}` : routes.studentMoves, { scroll: false }));

  const undo = useApiMutation(studentRecordMutations.reverseMove, {
    inPlace: true,
    invalidates: [studentKeys.all, classKeys.all, schoolKeys.all],
    onSuccess: (answer) => void toast.success(answer.message),
  });
  const confirmUndo = async () => {
    if (!undoing) return;
    const move = undoing;
    setUndoing(null);
    await undo.run(move.id);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap justify-between gap-2">
        <ActionLink href={routes.admissionRegister} icon={ArrowLeft}>
          Back to the admission register
        </ActionLink>
        {canMove ? <StartMove /> : null}
      </div>
      {undo.busy ? <LoadingOverlay /> : null}
      {list.isPending ? <LoadingOverlay text={loadingTexts.default} /> : null}
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      {list.data ? (
        <>
          <RegisterCount total={total} none="No group moves yet." one="group move" many="group moves" />
          {total === 0 && canMove ? (
            <p className="text-sm text-muted-foreground">
              A move starts in the admission register: select the pupils to move, then choose &lsquo;Move selected&rsquo;, or use &lsquo;Start a move&rsquo;
              above.
            </p>
          ) : null}
          {list.data.moves.length > 0 ? (
            <div
              className={`relative overflow-x-auto rounded-lg border border-border bg-card ${phoneCards.frame} ${list.isPlaceholderData || navigating ? "opacity-60" : ""}`}
            >
              <table className={`w-full min-w-[720px] border-collapse text-left text-sm ${phoneCards.table}`}>
                <caption className="sr-only">Group moves of pupils, newest first</caption>
                <ColumnHeads
                  className={`bg-muted ${phoneCards.head}`}
                  cellClassName={cell}
                  labels={[
                    "Made",
                    "By",
                    "Pupils",
                    "To",
                    "Status",
                    <span key="action" className="sr-only">
                      Action
                    </span>,
                  ]}
                />
                <tbody className={phoneCards.body}>
                  {list.data.moves.map((move) => (
                    <tr key={move.id} className={`border-t border-border ${phoneCards.row}`}>
                      <th scope="row" className={`${cell} whitespace-nowrap font-normal ${phoneCards.title}`} data-label="Made">
                        <time dateTime={move.createdAt}>{formatMoment(move.createdAt)}</time>
                      </th>
                      <td className={`${cell} ${phoneCards.cell}`} data-label="By">
                        {move.createdBy}
                      </td>
                      <td className={`${cell} tabular-nums ${phoneCards.cell}`} data-label="Pupils">
                        {pupils(move.count)}
                      </td>
                      <td className={`${cell} ${phoneCards.cell}`} data-label="To">
                        {move.to.class ? `${move.to.class.name}, ${move.to.school.name}` : move.to.school.name}
                      </td>
                      <td className={`${cell} ${phoneCards.cell}`} data-label="Status">
                        {status(move)}
                      </td>
                      <td className={`${cell} ${phoneCards.cell}`}>
                        {canUndo && move.reversible && !move.reversedAt ? (
                          <Button
                            variant="secondary"
                            className="min-h-9 px-3 py-1"
                            aria-label={`Undo the move of ${pupils(move.count)} made ${formatMoment(move.createdAt)}`}
                            onClick={() => setUndoing(move)}
                            disabled={undo.busy}
                          >
                            Undo
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <RegisterPages label="Pages of moves" page={page} pages={pages} busy={navigating} onPage={go} />
        </>
      ) : null}
      {undoing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setUndoing(null))}
          title={`Undo the move of ${pupils(undoing.count)}?`}
          description={`Each pupil goes back to the school and class they had before the move made ${formatMoment(undoing.createdAt)}, in one step.`}
          confirmLabel="Undo move"
          busy={undo.busy}
          onConfirm={() => void confirmUndo()}
        />
      ) : null}
    </div>
  );
}
