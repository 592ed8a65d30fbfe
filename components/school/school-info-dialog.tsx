"use client";

import { Dialog } from "@/components/ui/dialog";
import type { SchoolCard } from "@/lib/contract/schools";
import { useSchoolInformation } from "@/lib/queries/schools";

const NOT_ASSIGNED = "Not Assigned";

/** Spec §2: category, principal, vice principal ('Not Assigned' if missing), staff and student counts. */
export function SchoolInfoDialog({ school, open, onOpenChange }: { school: SchoolCard; open: boolean; onOpenChange: (open: boolean) => void }) {
  const info = useSchoolInformation(school.id, open);
  const rows: [string, string | number][] = info.data
    ? [
        ["Category", info.data.category],
        ["Principal", info.data.principal ?? NOT_ASSIGNED],
        ["Vice Principal", info.data.vicePrincipal ?? NOT_ASSIGNED],
        ["Staff", info.data.staffCount],
        ["Students", info.data.studentCount],
        ["Male students", info.data.maleStudentCount],
        ["Female students", info.data.femaleStudentCount],
      ]
    : [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={school.name} description={school.address}>
      {info.isPending ? <p role="status">Loading…</p> : null}
      {info.isError ? <p role="alert">{info.error.message}</p> : null}
      {info.data ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Dialog>
  );
}
