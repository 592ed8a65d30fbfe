"use client";

import { DetailList } from "@/components/layout/detail-list";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import type { NewLgea } from "@/lib/contract/lgea";
import type { StaffSearchResult } from "@/lib/contract/roles";
import { term } from "@/lib/contract/terminology";
import type { StateTerminologies } from "@/lib/contract/user";

type Props = {
  values: NewLgea;
  /** The existing staff member chosen as administrator, to name them. */
  chosen: StaffSearchResult | null;
  terminologies: StateTerminologies;
  busy: boolean;
  onBack: () => void;
  onCreate: () => void;
};

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");

/** What will be saved, before it is: the portal and its administrator, with a way back to the form. */
export function LgeaReview({ values, chosen, terminologies, busy, onBack, onCreate }: Props) {
  const admin = values.administrator;
  const adminItems: [string, string | null][] =
    admin.kind === "existing"
      ? [
          ["Administrator", chosen ? `${chosen.firstName} ${chosen.lastName}` : null],
          ["Administrator's e-mail", chosen?.email ?? null],
          ["Administrator is", "An existing staff member"],
        ]
      : [
          ["Administrator", [admin.staff.title, admin.staff.firstName, admin.staff.middleName, admin.staff.lastName].filter(Boolean).join(" ")],
          ["Administrator's e-mail", admin.staff.email],
          ["Administrator's phone number", `${admin.staff.phoneCode} ${admin.staff.phoneNumber}`],
          ["Administrator is", `A new staff member (${admin.staff.staffType})`],
          [term(terminologies, "oracleNumber"), admin.staff.oracleNumber],
          [term(terminologies, "tescomNumber"), admin.staff.tescomNumber],
          ["Gender", admin.staff.gender],
          ["Date of birth", admin.staff.dob],
          ["Address", admin.staff.address],
          ["Origin", joined(admin.staff.localGovernmentOfOrigin, admin.staff.stateOfOrigin, admin.staff.countryOfOrigin)],
          ["Residence", joined(admin.staff.localGovernmentOfResidence, admin.staff.stateOfResidence, admin.staff.countryOfResidence)],
        ];
  return (
    <section aria-labelledby="lgea-review-heading" className="flex flex-col gap-4">
      {busy ? <LoadingOverlay /> : null}
      <h2 id="lgea-review-heading" className="text-lg font-semibold">
        Review the new LGEA portal
      </h2>
      <DetailList
        items={[
          ["LGEA name", values.name],
          ["Local government", values.localGovernment],
          ["Office address", values.address],
          ["Office phone numbers", values.phoneNumbers.join(", ")],
          ["Office e-mails", values.emails.join(", ")],
          ...adminItems,
        ]}
      />
      <p className="text-sm text-muted-foreground">
        {admin.kind === "new"
          ? "The new staff member is posted at this LGEA's office, gets its administrator role, and receives an e-mail with a code to set their password (valid for 72 hours)."
          : "This staff member gets the LGEA administrator role at the new portal."}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Edit details
        </Button>
        <Button onClick={onCreate} disabled={busy}>
          Create LGEA portal
        </Button>
      </div>
    </section>
  );
}
