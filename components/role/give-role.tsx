"use client";

import { useState } from "react";
import { SelectField } from "@/components/form/select-field";
import { StaffSearch } from "@/components/form/staff-search";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { AssignableOrganization, StaffSearchResult } from "@/lib/contract/roles";
import type { OrganizationType } from "@/lib/contract/user";
import { useAssignableOrganizations } from "@/lib/queries/roles";

const kinds: Record<OrganizationType, string> = { District: "Whole district", LGEA: "LGEA", School: "School" };

/** Where a role applies, as the holders list and the choices say it: "School: Agege Senior Grammar School". */
export const placeText = (organization: { name: string; type: OrganizationType }) => `${kinds[organization.type]}: ${organization.name}`;

const optionText = (o: AssignableOrganization) => (o.lgeaName ? `${placeText(o)} (${o.lgeaName})` : placeText(o));

const fullName = (staff: StaffSearchResult) => `${staff.firstName} ${staff.lastName}`;

type Props = {
  districtId: string;
  roleName: string;
  busy: boolean;
  /** Resolves true once given (the choice is then cleared), false when refused (the choice stays, with the server's notice). */
  onGive: (staff: StaffSearchResult, organization: AssignableOrganization) => Promise<boolean>;
};

/**
 * Give a role: find the staff member (namesakes told apart by their posting), choose where it applies among the
 * places in the giver's own reach (the API's list, so nothing else is offered), then confirm. The choice starts
 * at the staff member's posting when the giver reaches it, never silently at the whole district.
 */
export function GiveRole({ districtId, roleName, busy, onGive }: Props) {
  const [chosen, setChosen] = useState<StaffSearchResult | null>(null);
  const [placeId, setPlaceId] = useState("");
  const [confirming, setConfirming] = useState(false);
  const places = useAssignableOrganizations(chosen !== null);
  const options = places.data ?? [];
  const place = options.find((o) => o.id === placeId) ?? null;

  const choose = (staff: StaffSearchResult) => {
    setChosen(staff);
    setPlaceId(staff.posting.id ?? "");
  };
  // The posting may be out of the giver's reach (or not yet listed): then the first place offered.
  if (chosen && options.length > 0 && !place) setPlaceId(options[0]?.id ?? "");

  return (
    <div className="flex flex-col gap-3">
      <StaffSearch districtId={districtId} label="Give this role to" onSelect={choose} />
      {chosen ? (
        <div role="group" aria-label={`Give ${roleName} to ${fullName(chosen)}`} className="flex flex-col gap-3 rounded-md border border-border p-3">
          <p>
            <span className="font-medium">{fullName(chosen)}</span>{" "}
            <span className="text-sm text-muted-foreground">
              ({chosen.email} · posted at {chosen.posting.name})
            </span>
          </p>
          {places.isError ? <p role="alert">{places.error.message}</p> : null}
          <SelectField
            label="Where the role applies"
            options={options.map((o) => ({ value: o.id, label: optionText(o) }))}
            value={place?.id ?? ""}
            disabled={!places.data}
            onChange={(event) => setPlaceId(event.target.value)}
          />
          <p className="text-sm text-muted-foreground">
            At an LGEA or a school, the role reaches only that LGEA&apos;s or school&apos;s records; for the whole district, all of them.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setConfirming(true)} disabled={busy || !place}>
              Give role
            </Button>
            <Button variant="secondary" onClick={() => setChosen(null)}>
              Cancel
            </Button>
          </div>
          {place ? (
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title={`Give ${roleName} to ${fullName(chosen)}?`}
              description={`${fullName(chosen)} gets this role's permissions ${
                place.type === "District" ? `across the whole district, ${place.name}` : `at ${place.name} only, and its records only`
              }, from their next request.`}
              confirmLabel="Give role"
              busy={busy}
              onConfirm={() => {
                setConfirming(false);
                void onGive(chosen, place).then((given) => given && setChosen(null));
              }}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
