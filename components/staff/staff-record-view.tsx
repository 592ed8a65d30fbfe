"use client";

import { RegisterReturnLink } from "@/components/register/register-return-link";
import { useState } from "react";
import { DetailList } from "@/components/layout/detail-list";
import { Button } from "@/components/ui/button";
import { NavLink } from "@/components/ui/nav-link";
import type { StaffRecord } from "@/lib/contract/staff";
import { useStaffRecord } from "@/lib/queries/staff";
import { routes } from "@/lib/routes";
import { AccountStatusPanel } from "./account-status-panel";
import { fullName, staffDetailItems } from "./staff-detail-items";
import { StaffEditForm } from "./staff-edit-form";

type Props = { initial: StaffRecord; isSelf: boolean; can: { update: boolean; suspend: boolean } };

/** One staff member's record (spec §3): every field, posting, school roles and roles, account status, and the edit form. */
export function StaffRecordView({ initial, isSelf, can }: Props) {
  const record = useStaffRecord(initial.staff.id).data ?? initial;
  const { staff, posting, schoolRoles, roles } = record;
  const [editing, setEditing] = useState(false);
  const name = fullName(staff);
  if (editing) return <StaffEditForm key={staff.version} staff={staff} onCancel={() => setEditing(false)} />;
  return (
    <div className="flex flex-col gap-5">
      <DetailList items={staffDetailItems(staff, { posting: posting.name })} />
      <div className="grid gap-5 md:grid-cols-2">
        <section aria-labelledby="school-roles" className="rounded-lg border border-border bg-card p-5">
          <h2 id="school-roles" className="mb-2 text-lg font-semibold">
            School roles
          </h2>
          {schoolRoles.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {schoolRoles.map((r) => (
                <li key={r.id}>
                  {r.role} at{" "}
                  <NavLink href={routes.editSchool(r.school.id)} className="text-primary hover:underline">
                    {r.school.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="district-roles" className="rounded-lg border border-border bg-card p-5">
          <h2 id="district-roles" className="mb-2 text-lg font-semibold">
            Roles
          </h2>
          {roles.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {roles.map((r) => (
                <li key={r.id}>
                  {r.role} — {r.organization}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {can.suspend && !isSelf ? <AccountStatusPanel staffId={staff.id} status={staff.accountStatus} name={name} /> : null}
      <div className="flex flex-wrap gap-2">
        {isSelf ? (
          <NavLink
            href={routes.profile}
            className="inline-flex min-h-11 items-center rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground"
          >
            Edit your profile
          </NavLink>
        ) : can.update ? (
          <Button onClick={() => setEditing(true)}>Edit staff record</Button>
        ) : null}
        <RegisterReturnLink
          path={routes.staffManagement}
          className="inline-flex min-h-11 items-center rounded-md border border-border px-4 py-2 text-sm font-semibold hover:bg-muted"
        >
          Back to staff
        </RegisterReturnLink>
      </div>
    </div>
  );
}
