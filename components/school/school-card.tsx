"use client";

import { Info, MapPin, Pencil } from "lucide-react";
import { useState } from "react";
import { NavLink } from "@/components/ui/nav-link";
import type { SchoolCard as Card } from "@/lib/contract/schools";
import { routes } from "@/lib/routes";
import { SchoolInfoDialog } from "./school-info-dialog";

const iconButton =
  "inline-flex h-10 w-10 items-center justify-center rounded-md border border-border hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary";

/** Spec §2 'School cards': title, description, address; the info dialog, and the pencil to edit. */
export function SchoolCard({ school, canEdit }: { school: Card; canEdit: boolean }) {
  const [info, setInfo] = useState(false);
  return (
    <article aria-label={school.name} className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-base font-semibold">{school.name}</h2>
        <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs">{school.category}</span>
      </div>
      <p className="text-sm text-muted-foreground">{school.description || "No description."}</p>
      <p className="flex items-start gap-1 text-sm">
        <MapPin size={16} className="mt-0.5 shrink-0 text-muted-foreground" aria-hidden />
        <span>
          {school.address} · {school.localGovernment}
        </span>
      </p>
      <div className="mt-auto flex gap-2 pt-2">
        <button type="button" className={iconButton} aria-label={`About ${school.name}`} onClick={() => setInfo(true)}>
          <Info size={18} aria-hidden />
        </button>
        {canEdit ? (
          <NavLink href={routes.editSchool(school.id)} className={iconButton} aria-label={`Edit ${school.name}`}>
            <Pencil size={18} aria-hidden />
          </NavLink>
        ) : null}
      </div>
      <SchoolInfoDialog school={school} open={info} onOpenChange={setInfo} />
    </article>
  );
}
