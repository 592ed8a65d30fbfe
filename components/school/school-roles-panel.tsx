"use client";

import { UserMinus } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/notify";
import { SelectField } from "@/components/form/select-field";
import { StaffSearch } from "@/components/form/staff-search";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { StaffSearchResult } from "@/lib/contract/roles";
import { schoolRoleList } from "@/lib/contract/schools-values";
import type { SchoolRoleHolder, SchoolRoleName } from "@/lib/contract/schools";
import { schoolKeys, schoolMutations, useSchool } from "@/lib/queries/schools";
import { useApiMutation } from "@/lib/use-api-mutation";

/** The school's roles (Principal, Vice Principal, …): who holds them, give one through the staff search, take one away. */
export function SchoolRolesPanel({ schoolId, districtId }: { schoolId: string; districtId: string }) {
  const school = useSchool(schoolId);
  const [role, setRole] = useState<SchoolRoleName>("Principal");
  const [removing, setRemoving] = useState<SchoolRoleHolder | null>(null);
  const invalidates = [schoolKeys.detail(schoolId), schoolKeys.information(schoolId)];
  const assign = useApiMutation((staff: StaffSearchResult) => schoolMutations.assignRole(schoolId, { role, staffId: staff.id }), {
    invalidates,
    inPlace: true,
    onSuccess: (_answer, staff) => void toast.success(`${staff.firstName} ${staff.lastName} is now ${role}.`),
  });
  const remove = useApiMutation((holder: SchoolRoleHolder) => schoolMutations.unassignRole(holder.id), {
    invalidates,
    inPlace: true,
    onSuccess: (answer) => {
      setRemoving(null);
      toast.success(answer.message);
    },
  });

  const holders = school.data?.school.schoolRoles ?? [];
  return (
    <section aria-labelledby="school-roles-heading" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="school-roles-heading" className="text-lg font-semibold">
        School roles
      </h2>
      {holders.length === 0 ? <p className="text-sm text-muted-foreground">Nobody holds a school role yet.</p> : null}
      <ul className="flex flex-col gap-2">
        {holders.map((holder) => (
          <li key={holder.id} className="flex items-center justify-between gap-3 rounded-md border border-border p-3">
            <p className="min-w-0">
              <span className="font-medium">{holder.role}</span>: {holder.staff.firstName} {holder.staff.lastName}{" "}
              <span className="text-sm text-muted-foreground">({holder.staff.email})</span>
            </p>
            <button
              type="button"
              aria-label={`Remove ${holder.staff.firstName} ${holder.staff.lastName} as ${holder.role}`}
              className="rounded-md p-2 text-danger hover:bg-muted"
              onClick={() => setRemoving(holder)}
            >
              <UserMinus size={18} aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <SelectField label="Role" options={schoolRoleList} value={role} onChange={(event) => setRole(event.target.value as SchoolRoleName)} />
        <StaffSearch districtId={districtId} label="Give the role to" onSelect={(staff) => void assign.run(staff)} />
      </div>
      {assign.busy ? <p role="status">Assigning…</p> : null}
      {removing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setRemoving(null))}
          title="Remove this school role?"
          description={`${removing.staff.firstName} ${removing.staff.lastName} will no longer be ${removing.role}.`}
          confirmLabel="Remove"
          busy={remove.busy}
          onConfirm={() => void remove.run(removing)}
        />
      ) : null}
    </section>
  );
}
