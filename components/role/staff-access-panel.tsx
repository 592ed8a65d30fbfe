"use client";

import { useState } from "react";
import { StaffSearch } from "@/components/form/staff-search";
import { LastActive } from "@/components/session/last-active";
import type { StaffSearchResult } from "@/lib/contract/roles";
import { usePermissionsOf, useStaffAccess } from "@/lib/queries/roles";
import { PermissionGroups } from "./permission-groups";

/** For any staff member: which permissions they hold, and through which role. */
export function StaffAccessPanel({ districtId }: { districtId: string }) {
  const [staff, setStaff] = useState<StaffSearchResult | null>(null);
  const access = useStaffAccess(staff?.id ?? null);
  // What the grants' operations are, fetched by those operations in one call (spec §6).
  const held = staff && access.data ? access.data.grants.flatMap((grant) => grant.operations) : [];
  const described = usePermissionsOf(held);
  const describe = (operations: string[]) => (described.data?.permissions ?? []).filter((p) => operations.includes(p.operation));

  return (
    <section aria-labelledby="staff-access-heading" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="staff-access-heading" className="text-lg font-semibold">
        Check a staff member&apos;s access
      </h2>
      <StaffSearch districtId={districtId} label="Staff member" onSelect={setStaff} />
      {access.isFetching || described.isFetching ? <p role="status">Loading…</p> : null}
      {access.isError ? <p role="alert">{access.error.message}</p> : null}
      {described.isError ? <p role="alert">{described.error.message}</p> : null}
      {staff && access.data && !described.isLoading ? (
        <div className="flex flex-col gap-3" aria-live="polite">
          <p className="font-medium">
            {access.data.staff.firstName} {access.data.staff.lastName} <span className="text-sm text-muted-foreground">({access.data.staff.email})</span>
          </p>
          <LastActive staffId={access.data.staff.id} />
          {access.data.staff.isSuperAdmin ? <p className="text-sm">Super administrator: holds every permission in every district.</p> : null}
          {access.data.isDistrictOwner ? <p className="text-sm">Owner of the district: always keeps role management.</p> : null}
          {access.data.grants.length === 0 ? <p className="text-sm text-muted-foreground">Holds no role.</p> : null}
          {access.data.grants.map((grant) => (
            <div key={grant.roleAccessId} className="rounded-md border border-border p-3">
              <h3 className="font-semibold">
                {grant.role.name} <span className="text-sm font-normal text-muted-foreground">in {grant.organization.name}</span>
              </h3>
              <div className="mt-2">
                <PermissionGroups permissions={describe(grant.operations)} />
              </div>
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}
