"use client";

import { useId, useState, type KeyboardEvent } from "react";
import type { StaffSearchResult } from "@/lib/contract/roles";
import { staffReads } from "@/lib/queries/staff";
import { useApiRead } from "@/lib/queries/api-read";
import { useDebounced } from "@/lib/use-debounced";

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
  const id = useId();
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const searchTerm = useDebounced(term.trim(), DEBOUNCE_MS);
  const results = useApiRead(staffReads.search(districtId, searchTerm, LIMIT, school), { enabled: searchTerm.length >= 2 });
  const options = searchTerm.length >= 2 ? (results.data?.foundStaffs ?? []) : [];

  const choose = (staff: StaffSearchResult) => {
    onSelect(staff);
    setTerm("");
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") setActive((i) => Math.min(i + 1, options.length - 1));
    else if (event.key === "ArrowUp") setActive((i) => Math.max(i - 1, 0));
    else if (event.key === "Enter" && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Escape") setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={`${id}-input`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        value={term}
        placeholder="Type a name or e-mail"
        onChange={(e) => {
          setTerm(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        className="min-h-11 w-full rounded-md border border-border bg-card px-3 py-2 text-base outline-none focus:ring-2 focus:ring-primary"
      />
      {open && searchTerm.length >= 2 ? (
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={`${label} results`}
          className="absolute top-full z-30 mt-1 w-full overflow-hidden rounded-md border border-border bg-card shadow-lg"
        >
          {results.isFetching && options.length === 0 ? <li className="px-3 py-2 text-sm text-muted-foreground">Searching…</li> : null}
          {!results.isFetching && options.length === 0 ? <li className="px-3 py-2 text-sm text-muted-foreground">No staff found.</li> : null}
          {options.map((staff, i) => (
            <li
              key={staff.id}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(staff);
              }}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-muted" : ""}`}
            >
              <span className="font-medium">
                {staff.firstName} {staff.lastName}
              </span>
              <span className="block text-xs text-muted-foreground">{staff.email}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
