"use client";

import { Trash2 } from "lucide-react";
import { Checkbox } from "@/components/ui/checkbox";
import type { RequirementItem } from "@/lib/contract/super-admin";

type Props = { title: string; items: RequirementItem[]; busy: boolean; onToggle: (item: RequirementItem) => void; onDelete: (item: RequirementItem) => void };

/** A checklist a super administrator ticks off; each line can also be removed. */
export function RequirementList({ title, items, busy, onToggle, onDelete }: Props) {
  return (
    <div role="group" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {items.length === 0 ? <p className="text-sm text-muted-foreground">None.</p> : null}
      <ul className="flex flex-col">
        {items.map((item) => (
          <li key={item.id} className="flex items-center justify-between gap-2">
            <Checkbox label={item.description} checked={item.completed} disabled={busy} onChange={() => onToggle(item)} />
            <button
              type="button"
              aria-label={`Delete requirement ${item.description}`}
              disabled={busy}
              onClick={() => onDelete(item)}
              className="rounded p-2 text-danger hover:bg-muted"
            >
              <Trash2 size={16} aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
