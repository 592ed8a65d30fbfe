"use client";

import { useState } from "react";
import { Combobox } from "@/components/form/combobox";
import { DateRangeFilter, FilterSelect } from "@/components/register/filter-fields";
import { Button } from "@/components/ui/button";
import { auditKindLabel, auditKinds, auditOperationLabel } from "@/lib/contract/audit-values";
import type { StateTerminologies } from "@/lib/contract/user";
import { useAuditOperations, useAuditPeople, type AuditFilterValues } from "@/lib/queries/audit";
import { useDebounced } from "@/lib/use-debounced";

type Props = {
  districtId: string;
  filters: AuditFilterValues;
  onChange: (change: AuditFilterValues) => void;
  terms: Partial<StateTerminologies> | null;
  /** The chosen person's name where the page knows it (from an entry of theirs). */
  actorName: string | null;
};

/** Whose changes: typed and chosen from GET /audit/people; once chosen, shown by name with a way to clear it. */
function PersonFilter({ districtId, value, name, onChange }: { districtId: string; value: string; name: string | null; onChange: (actor: string) => void }) {
  const [term, setTerm] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const search = useDebounced(term.trim(), 250);
  const people = useAuditPeople(districtId, search);
  if (value)
    return (
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium">Person</span>
        <div className="flex min-h-11 items-center justify-between gap-2 rounded-md border border-border bg-card px-3">
          <span className="truncate">{chosen ?? name ?? "Chosen person"}</span>
          <Button variant="ghost" className="px-1" aria-label="Clear the person filter" onClick={() => onChange("")}>
            Clear
          </Button>
        </div>
      </div>
    );
  return (
    <Combobox
      label="Person"
      placeholder="Type a name"
      term={term}
      onTermChange={setTerm}
      options={(people.data ?? []).map((p) => ({ id: p.id, label: p.name }))}
      searchable={search.length >= 2}
      searching={people.isFetching}
      emptyText="No one found."
      onChoose={(option) => {
        setChosen(option.label);
        setTerm("");
        onChange(option.id);
      }}
    />
  );
}

/**
 * The trail's filters (issue: the audit trail): the person, the kind of record and the operation (the
 * district's own, narrowed to the kind), and the days; all in the URL, so a filtered trail is a bookmark.
 */
export function AuditFilterBar({ districtId, filters, onChange, terms, actorName }: Props) {
  const operations = useAuditOperations(districtId);
  const kindOptions = auditKinds.map((kind) => ({ value: kind, label: auditKindLabel(kind, terms) }));
  const chosenOperation = filters.operation ? [filters.operation] : [];
  const operationOptions = [...new Set([...(operations.data ?? []), ...chosenOperation])]
    .filter((operation) => !filters.kind || operation.startsWith(`${filters.kind}.`))
    .map((operation) => ({ value: operation, label: auditOperationLabel(operation, terms) }));
  const any = Object.values(filters).some(Boolean);
  return (
    <div role="search" aria-label="Filter the audit trail" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <PersonFilter districtId={districtId} value={filters.actor ?? ""} name={actorName} onChange={(actor) => onChange({ actor })} />
        <FilterSelect
          filterKey="kind"
          label="Kind of record"
          options={kindOptions}
          placeholder="All kinds"
          filters={filters}
          // A new kind clears an operation of another kind.
          onChange={(change) => onChange({ ...change, operation: !change.kind || filters.operation?.startsWith(`${change.kind}.`) ? filters.operation : "" })}
        />
        <FilterSelect filterKey="operation" label="Operation" options={operationOptions} placeholder="All operations" filters={filters} onChange={onChange} />
        <DateRangeFilter from="From" until="Until" filters={filters} onChange={onChange} />
      </div>
      {any ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">{filters.recordId ? "Showing one record's changes." : "Showing the filtered changes."}</p>
          <Button variant="secondary" onClick={() => onChange(Object.fromEntries(Object.keys(filters).map((key) => [key, ""])))}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </div>
  );
}
