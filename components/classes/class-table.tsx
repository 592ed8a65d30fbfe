import { Pencil } from "lucide-react";
import { ColumnHeads } from "@/components/ui/column-heads";
import { phoneCards } from "@/components/ui/phone-cards";
import type { ClassItem } from "@/lib/contract/classes";

type Props = { rows: ClassItem[]; caption: string; onEdit?: (item: ClassItem) => void };

const cell = "px-3 py-2 align-middle";

/** A page of classes as a table; each row has an Edit button for those who may change classes. */
export function ClassTable({ rows, caption, onEdit }: Props) {
  return (
    // Scrolls sideways on a narrow screen (a phone shows cards instead); without Edit buttons to tab to, the region itself takes the focus so a keyboard can scroll it.
    <div
      role="region"
      aria-label={caption}
      tabIndex={onEdit ? undefined : 0}
      className={`relative overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-2 focus-visible:outline-primary ${phoneCards.frame}`}
    >
      <table className={`w-full min-w-[760px] border-collapse text-sm ${phoneCards.table}`}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads
          className={`bg-muted text-left text-xs uppercase tracking-wide text-muted-foreground ${phoneCards.head}`}
          cellClassName="px-3 py-2"
          labels={[
            "Name",
            "School",
            "Class type",
            "Arm",
            "Class teacher",
            "Capacity",
            "Pupils",
            ...(onEdit
              ? [
                  <span key="actions" className="sr-only">
                    Actions
                  </span>,
                ]
              : []),
          ]}
        />
        <tbody className={phoneCards.body}>
          {rows.map((item) => (
            <tr key={item.id} className={`border-t border-border ${phoneCards.row}`}>
              <th scope="row" className={`${cell} text-left font-semibold ${phoneCards.title}`}>
                {item.name}
              </th>
              <td className={`${cell} ${phoneCards.cell}`} data-label="School">
                {item.school.name}
              </td>
              <td className={`${cell} ${phoneCards.cell}`} data-label="Class type">
                {item.classType.name}
              </td>
              <td className={`${cell} ${phoneCards.cell}`} data-label="Arm">
                {item.arm}
              </td>
              <td className={`${cell} ${phoneCards.cell}`} data-label="Class teacher">
                {item.classTeacher ? `${item.classTeacher.firstName} ${item.classTeacher.lastName}` : "Not Assigned"}
              </td>
              <td className={`${cell} tabular-nums ${phoneCards.cell}`} data-label="Capacity">
                {item.capacity}
              </td>
              <td className={`${cell} tabular-nums ${phoneCards.cell}`} data-label="Pupils">
                {item.pupils}
              </td>
              {onEdit ? (
                <td className={`${cell} text-right ${phoneCards.cell}`}>
                  <button
                    type="button"
                    aria-label={`Edit ${item.name}, ${item.school.name}`}
                    onClick={() => onEdit(item)}
                    className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 font-semibold text-primary hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    <Pencil size={14} aria-hidden /> Edit
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
