"use client";

import { useId } from "react";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { sessionSwitchMessages } from "@/lib/contract/session-switch-values";
import type { RoleAccessItem } from "@/lib/contract/user";
import { authCalls } from "@/lib/queries/auth";
import { arriveAfterSwitch } from "@/lib/switch-session";
import { useApiMutation } from "@/lib/use-api-mutation";

type Props = { roleAccess: RoleAccessItem[]; currentOrganizationId: string };

/** One option per organisation: several roles in one place are one place to work in. */
function organizationsOf(roleAccess: RoleAccessItem[]) {
  const seen = new Map<string, { roleAccessId: string; label: string }>();
  for (const item of roleAccess) {
    if (!seen.has(item.organization.id))
      seen.set(item.organization.id, { roleAccessId: item.id, label: `${item.organization.name} (${item.organization.type})` });
  }
  return [...seen.entries()].map(([organizationId, option]) => ({ organizationId, ...option }));
}

/** Spec §2 'Role-access organisation switcher (select)': shown when the user holds roles in more than one place. */
export function OrganizationSwitcher({ roleAccess, currentOrganizationId }: Props) {
  const id = useId();
  const { busy, run } = useApiMutation(authCalls.switchRoleAccess, {
    onSuccess: (result) => arriveAfterSwitch(result, sessionSwitchMessages.organizationSwitched),
  });
  const organizations = organizationsOf(roleAccess);
  if (organizations.length < 2) return null;
  const current = organizations.some((o) => o.organizationId === currentOrganizationId) ? currentOrganizationId : "";

  const onChange = (organizationId: string) => {
    const target = organizations.find((o) => o.organizationId === organizationId);
    if (!target) return;
    void run(target.roleAccessId);
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        Working in
      </label>
      <select
        id={id}
        value={current}
        disabled={busy}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 w-full rounded-md border border-border bg-card px-2 text-sm focus-visible:outline-2 focus-visible:outline-primary"
      >
        {current === "" ? <option value="">Choose an organisation</option> : null}
        {organizations.map((o) => (
          <option key={o.organizationId} value={o.organizationId}>
            {o.label}
          </option>
        ))}
      </select>
      {busy ? <LoadingOverlay /> : null}
    </div>
  );
}
