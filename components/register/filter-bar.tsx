"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useAllEnum } from "@/lib/queries/reference";
import type { RegisterFilters } from "@/lib/register-url";
import { useDebounced } from "@/lib/use-debounced";

const SEARCH_DEBOUNCE_MS = 300;
const NIGERIA = "Nigeria";

type PlaceKey = "stateOfResidence" | "localGovernmentOfResidence" | "stateOfOrigin" | "localGovernmentOfOrigin";

/** A state and its LGA (the LGA list follows the state, and is cleared when the state changes). */
export function PlaceFilter({
  kind,
  filters,
  onChange,
}: {
  kind: "Residence" | "Origin";
  filters: RegisterFilters<PlaceKey>;
  onChange: (change: RegisterFilters<PlaceKey>) => void;
}) {
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

type Props<K extends string> = {
  /** The search landmark's name ("Filter staff"). */
  label: string;
  /** The search box: its label and placeholder. */
  search: { label: string; placeholder: string };
  filters: RegisterFilters<K | "searchTerm">;
  onChange: (change: RegisterFilters<K | "searchTerm">) => void;
  /** The common choices, beside the search box (three columns from small screens up with it). */
  primary: ReactNode;
  /** The rest, under 'More filters'. */
  more: ReactNode;
  /** The filters under 'More filters', counted in its summary when set (and opening it). */
  moreKeys: readonly K[];
};

/**
 * A register's filters (spec §3; the staff register, the admission register): the search box (sent to the
 * URL 300 ms after typing stops), the common choices, the rest under 'More filters', and 'Clear filters'.
 */
export function RegisterFilterBar<K extends string>({ label, search, filters, onChange, primary, more, moreKeys }: Props<K>) {
  const [text, setText] = useState(filters.searchTerm ?? "");
  const searchTerm = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  // Only a new debounced term goes to the URL: the term last sent is remembered, so a render with a
  // new onChange (or the URL changing under the box) sends nothing.
  const sent = useRef(searchTerm);
  useEffect(() => {
    if (searchTerm === sent.current) return;
    sent.current = searchTerm;
    onChange({ searchTerm } as RegisterFilters<K | "searchTerm">);
  }, [searchTerm, onChange]);
  const on = moreKeys.filter((key) => filters[key]).length;

  return (
    <div role="search" aria-label={label} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={search.label} type="search" value={text} placeholder={search.placeholder} onChange={(event) => setText(event.target.value)} />
        {primary}
      </div>
      <details className="rounded-lg border border-border bg-card p-3" open={on > 0 ? true : undefined}>
        <summary className="cursor-pointer text-sm font-medium">More filters{on > 0 ? ` (${on} on)` : ""}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{more}</div>
        <div className="mt-3 flex justify-end">
          <Button
            variant="secondary"
            onClick={() => {
              setText("");
              onChange(Object.fromEntries(Object.keys(filters).map((key) => [key, ""])) as RegisterFilters<K | "searchTerm">);
            }}
          >
            Clear filters
          </Button>
        </div>
      </details>
    </div>
  );
}
