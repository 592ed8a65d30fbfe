"use client";

import { Dialog } from "@/components/ui/dialog";
import { NavLink } from "@/components/ui/nav-link";
import type { StaffTransferSummary } from "@/lib/contract/staff-transfers";
import { useStaffTransfer } from "@/lib/queries/staff-transfers";
import { routes } from "@/lib/routes";
import { endedRolesText, formatDay, formatMoment } from "./transfer-dates";
import { ColumnHeads } from "@/components/ui/column-heads";
import { phoneCards } from "@/components/ui/phone-cards";

const cell = "px-3 py-2 align-top";

/** One batch of the transfer list with every move: who (linking to their record), from, to, and the school roles it ended. */
export function TransferBatchDialog({ batch, onClose }: { batch: StaffTransferSummary | null; onClose: () => void }) {
  const detail = useStaffTransfer(batch?.id ?? "", batch !== null);
  if (!batch) return null;
  const moves = detail.data?.transfer.moves;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Transfer effective ${formatDay(batch.effectiveDate)}`}
      description={`By ${batch.createdBy.name} on ${formatMoment(batch.createdAt)}. Reason: ${batch.reason}`}
    >
      {detail.isPending ? <p role="status">Loading the moves…</p> : null}
      {detail.isError ? <p role="alert">{detail.error.message}</p> : null}
      {moves ? (
        <div className={`relative overflow-x-auto rounded-lg border border-border ${phoneCards.frame}`}>
          <table className={`w-full min-w-[560px] border-collapse text-left text-sm ${phoneCards.table}`}>
            <caption className="px-3 py-2 text-left font-medium">{moves.length === 1 ? "1 move" : `${moves.length} moves`}, in name order</caption>
            <ColumnHeads className={`bg-muted ${phoneCards.head}`} cellClassName={cell} labels={["Staff member", "From", "To", "School roles ended"]} />
            <tbody className={phoneCards.body}>
              {moves.map((move) => (
                <tr key={move.staffId} className={`border-t border-border ${phoneCards.row}`}>
                  <th scope="row" className={`${cell} font-medium ${phoneCards.title}`}>
                    <NavLink href={routes.staffRecordOf(move.staffId)} className="text-primary underline-offset-2 hover:underline">
                      {move.name}
                    </NavLink>
                  </th>
                  <td className={`${cell} ${phoneCards.cell}`} data-label="From">
                    {move.from.name}
                  </td>
                  <td className={`${cell} ${phoneCards.cell}`} data-label="To">
                    {move.to.name}
                  </td>
                  <td className={`${cell} ${move.endedRoles.length > 0 ? "" : "text-muted-foreground"} ${phoneCards.cell}`} data-label="School roles ended">
                    {endedRolesText(move.endedRoles, move.from, "Ended") || "None"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Dialog>
  );
}
