"use client";

import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { takeAdmitted, type JustAdmitted } from "@/lib/just-admitted";
import { routes } from "@/lib/routes";

/** On the admission register after an admission: the new pupil's admission number, their record a tap away. */
export function AdmittedNotice() {
  const [pupil, setPupil] = useState<JustAdmitted | null>(null);
  useEffect(() => {
    const taken = takeAdmitted();
    // sessionStorage is the browser's: read after hydration, once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (taken) setPupil(taken);
  }, []);
  if (!pupil) return null;
  return (
    <div role="status" className="flex items-start justify-between gap-3 rounded-lg border border-success bg-card p-4">
      <p>
        {pupil.name} was admitted with admission number <strong className="break-all font-mono">{pupil.admissionNumber}</strong>.{" "}
        <NavLink href={routes.studentRecordOf(pupil.id)} className="font-semibold text-primary underline">
          Open their record
        </NavLink>
      </p>
      <button
        type="button"
        onClick={() => setPupil(null)}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-muted"
        aria-label="Dismiss the admission number"
      >
        <X size={18} aria-hidden />
      </button>
    </div>
  );
}
