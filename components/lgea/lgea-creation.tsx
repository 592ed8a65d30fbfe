"use client";

import { useState } from "react";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { NavLink } from "@/components/ui/nav-link";
import type { StateTerminologies } from "@/lib/contract/user";
import { useAvailableLocalGovernments } from "@/lib/queries/lgeas";
import { routes } from "@/lib/routes";
import { LgeaCreationForm } from "./lgea-creation-form";

type Props = { districtId: string; terminologies: StateTerminologies; canRegisterStaff: boolean };

/**
 * The creation page's content: the form while a local government of the state has no LGEA portal in the
 * district, and a note when none is left. After each portal is created the form starts afresh (a new
 * key): going back to the same page does not remount it, and the address field keeps its own text.
 */
export function LgeaCreation({ districtId, terminologies, canRegisterStaff }: Props) {
  const [round, setRound] = useState(0);
  const available = useAvailableLocalGovernments(districtId);
  if (available.isPending) return <LoadingOverlay />;
  if (available.isError)
    return (
      <p role="alert" className="rounded-lg border border-border bg-card p-5">
        {available.error.message}
      </p>
    );
  if (available.data.length === 0)
    return (
      <div role="status" className="flex flex-col items-start gap-3 rounded-lg border border-border bg-card p-5">
        <p>Every local government of the state already has an LGEA portal in this district, so there is none left to create one for.</p>
        <NavLink href={routes.lgaManagement} className="font-medium text-primary hover:underline">
          See the LGEA portals
        </NavLink>
      </div>
    );
  return (
    <LgeaCreationForm
      key={round}
      districtId={districtId}
      terminologies={terminologies}
      canRegisterStaff={canRegisterStaff}
      localGovernments={available.data}
      onCreated={() => setRound((r) => r + 1)}
    />
  );
}
