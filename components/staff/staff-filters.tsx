"use client";

import { useEffect, useRef, useState } from "react";
import { DateField } from "@/components/form/date-field";
import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { genderEnum, type StaffFilterKey, type StaffFilters } from "@/lib/contract/staff-values";
import { accountStatuses, staffTypes } from "@/lib/contract/user";
import { useAllEnum } from "@/lib/queries/reference";
import { useDistrictSchools } from "@/lib/queries/schools";
import { useDebounced } from "@/lib/use-debounced";

const SEARCH_DEBOUNCE_MS = 300;
const NIGERIA = "Nigeria";

type Props = { districtId: string; filters: StaffFilters; onChange: (change: Partial<StaffFilters>) => void };

/** A state and its LGA (the LGA list follows the state, and is cleared when the state changes). */
function PlaceFilter({ kind, filters, onChange }: { kind: "Residence" | "Origin" } & Omit<Props, "districtId">) {
  const reference = useAllEnum();
  const states = reference.data?.fullStateEnum.find((c) => c.name === NIGERIA)?.states ?? [];
  const stateKey = `stateOf${kind}` as const;
  const lgaKey = `localGovernmentOf${kind}` as const;
  const state = filters[stateKey] ?? "";
  const lgas = states.find((s) => s.state === state)?.lgas ?? [];
  const lower = kind.toLowerCase();
  return (
    <>
      <SelectField
        label={`State of ${lower}`}
        options={states.length > 0 ? states.map((s) => s.state) : state ? [state] : []}
        placeholder="Any state"
        value={state}
        onChange={(event) => onChange({ [stateKey]: event.target.value, [lgaKey]: "" })}
      />
      <SelectField
        label={`LGA of ${lower}`}
        options={lgas.length > 0 ? lgas : filters[lgaKey] ? [filters[lgaKey] ?? ""] : []}
        placeholder={state ? "Any LGA" : "Choose a state first"}
        disabled={!state}
        value={filters[lgaKey] ?? ""}
        onChange={(event) => onChange({ [lgaKey]: event.target.value })}
      />
    </>
  );
}

/** The register's filters (spec §3): the search box, the common choices, and the rest under 'More filters'. */
export function StaffFilterBar({ districtId, filters, onChange }: Props) {
  const [text, setText] = useState(filters.searchTerm ?? "");
  const searchTerm = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const schools = useDistrictSchools(districtId);
  const set = (key: StaffFilterKey) => (value: string) => onChange({ [key]: value });
  // Only a new debounced term goes to the URL: the term last sent is remembered, so a render with a
  // new onChange (or the URL changing under the box) sends nothing.
  const sent = useRef(searchTerm);
  useEffect(() => {
    if (searchTerm === sent.current) return;
    sent.current = searchTerm;
    onChange({ searchTerm });
  }, [searchTerm, onChange]);
  const more = (
    ["startDate", "endDate", "stateOfResidence", "localGovernmentOfResidence", "stateOfOrigin", "localGovernmentOfOrigin", "accountStatus", "gender"] as const
  ).filter((key) => filters[key]).length;

  return (
    <div role="search" aria-label="Filter staff" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Search staff"
          type="search"
          value={text}
          placeholder="Name, e-mail, phone or number"
          onChange={(event) => setText(event.target.value)}
        />
        <SelectField
          label="School"
          options={(schools.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          placeholder="All schools and offices"
          value={filters.school ?? ""}
          onChange={(event) => set("school")(event.target.value)}
        />
        <SelectField
          label="Staff type"
          options={staffTypes}
          placeholder="All staff types"
          value={filters.staffType ?? ""}
          onChange={(event) => set("staffType")(event.target.value)}
        />
      </div>
      <details className="rounded-lg border border-border bg-card p-3" open={more > 0 ? true : undefined}>
        <summary className="cursor-pointer text-sm font-medium">More filters{more > 0 ? ` (${more} on)` : ""}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <DateField label="Employed from" value={filters.startDate ?? ""} onValueChange={set("startDate")} />
          <DateField label="Employed until" value={filters.endDate ?? ""} onValueChange={set("endDate")} />
          <SelectField
            label="Account status"
            options={accountStatuses}
            placeholder="Any status"
            value={filters.accountStatus ?? ""}
            onChange={(event) => set("accountStatus")(event.target.value)}
          />
          <SelectField
            label="Gender"
            options={genderEnum}
            placeholder="Any gender"
            value={filters.gender ?? ""}
            onChange={(event) => set("gender")(event.target.value)}
          />
          <PlaceFilter kind="Residence" filters={filters} onChange={onChange} />
          <PlaceFilter kind="Origin" filters={filters} onChange={onChange} />
        </div>
        <div className="mt-3 flex justify-end">
          <Button
            variant="secondary"
            onClick={() => {
              setText("");
              onChange(Object.fromEntries(Object.keys(filters).map((key) => [key, ""])));
            }}
          >
            Clear filters
          </Button>
        </div>
      </details>
    </div>
  );
}
