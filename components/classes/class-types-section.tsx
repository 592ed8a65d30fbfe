"use client";

import { Pencil, Plus, Trash2 } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import type { ClassTypeItem } from "@/lib/contract/classes";
import { useClassTypes } from "@/lib/queries/classes";
import { DeleteClassTypeDialog } from "./delete-class-type-dialog";

const ClassTypeDialog = dynamic(() => import("./class-type-dialog").then((m) => m.ClassTypeDialog), { ssr: false, loading: () => <LoadingOverlay /> });

type Props = { can: { create: boolean; update: boolean } };
type Open = { kind: "new" } | { kind: "edit"; item: ClassTypeItem } | { kind: "delete"; item: ClassTypeItem } | null;

const action = "inline-flex min-h-11 items-center gap-1 rounded-md px-3 font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary";

/**
 * The district's class types in order, with their level and how many classes use each. The standard
 * ones are fixed; the district's own can be added, edited and deleted by staff working at district level.
 */
export function ClassTypesSection({ can }: Props) {
  const types = useClassTypes();
  const [open, setOpen] = useState<Open>(null);
  const rows = types.data ?? [];
  const manage = can.update;
  const close = () => setOpen(null);
  const nextPosition = Math.min(1000, Math.max(0, ...rows.map((t) => t.position)) + 1);

  return (
    <section aria-labelledby="class-types-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="class-types-heading" className="text-xl font-bold">
          Class types
        </h2>
        {can.create ? (
          <Button onClick={() => setOpen({ kind: "new" })}>
            <Plus size={16} aria-hidden /> Add class type
          </Button>
        ) : null}
      </div>
      {types.isError ? <p role="alert">{types.error.message}</p> : null}
      {types.isPending ? <p className="text-sm text-muted-foreground">Please wait...</p> : null}
      {types.data ? (
        // A list rather than a table: each entry wraps on a phone instead of scrolling sideways.
        <ol aria-label="Class types, in order" className="divide-y divide-border rounded-lg border border-border bg-card">
          {rows.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
              <div className="flex min-w-0 flex-col">
                <span className="font-semibold">{t.name}</span>
                <span className="text-sm text-muted-foreground">
                  {t.level} · order {t.position} · {t.classes === 1 ? "1 class" : `${t.classes.toLocaleString("en")} classes`}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-1">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${t.standard ? "bg-muted" : "border border-border"}`}>
                  {t.standard ? "Standard" : "District\u2019s own"}
                </span>
                {!t.standard && manage ? (
                  <>
                    <button type="button" aria-label={`Edit ${t.name}`} onClick={() => setOpen({ kind: "edit", item: t })} className={`${action} text-primary`}>
                      <Pencil size={14} aria-hidden /> Edit
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete ${t.name}`}
                      onClick={() => setOpen({ kind: "delete", item: t })}
                      className={`${action} text-danger`}
                    >
                      <Trash2 size={14} aria-hidden /> Delete
                    </button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {open?.kind === "new" ? <ClassTypeDialog nextPosition={nextPosition} onClose={close} /> : null}
      {open?.kind === "edit" ? <ClassTypeDialog item={open.item} onClose={close} /> : null}
      {open?.kind === "delete" ? <DeleteClassTypeDialog item={open.item} onClose={close} /> : null}
    </section>
  );
}
