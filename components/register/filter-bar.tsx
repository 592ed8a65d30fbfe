"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import type { RegisterFilters } from "@/lib/register-url";
import { useDebounced } from "@/lib/use-debounced";

const SEARCH_DEBOUNCE_MS = 300;

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
