"use client";

import { useState } from "react";
import type { StaffSearchResult } from "@/lib/contract/roles";
import { staffReads } from "@/lib/queries/staff";
import { useApiRead } from "@/lib/queries/api-read";
import { useDebounced } from "@/lib/use-debounced";
import { Combobox } from "./combobox";

/** Spec §9: the staff autocomplete asks for 5 matches, 200 ms after typing stops. */
const LIMIT = 5;
const DEBOUNCE_MS = 200;

type Props = {
  districtId: string;
  label: string;
  onSelect: (staff: StaffSearchResult) => void;
  /** Only the staff posted at this school (a class teacher); all of the district's staff when left out. */
  school?: string;
};

/** Staff search autocomplete (spec §2): a combobox whose options come from GET /staff/search. */
export function StaffSearch({ districtId, label, onSelect, school }: Props) {
  const [term, setTerm] = useState("");
  const searchTerm = useDebounced(term.trim(), DEBOUNCE_MS);
  const results = useApiRead(staffReads.search(districtId, searchTerm, LIMIT, school), { enabled: searchTerm.length >= 2 });
  const found = results.data?.foundStaffs ?? [];
  return (
    <Combobox
      label={label}
      placeholder="Type a name or e-mail"
      term={term}
      onTermChange={setTerm}
      // Namesakes are told apart by their e-mail and where they are posted.
      options={found.map((s) => ({ id: s.id, label: `${s.firstName} ${s.lastName}`, detail: `${s.email} · posted at ${s.posting.name}` }))}
      searchable={searchTerm.length >= 2}
      searching={results.isFetching}
      emptyText="No staff found."
      onChoose={(option) => {
        const staff = found.find((s) => s.id === option.id);
        if (staff) onSelect(staff);
        setTerm("");
      }}
    />
  );
}
