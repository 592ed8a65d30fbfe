"use client";

import { useId, useState, type KeyboardEvent } from "react";
import { useEarlyInput } from "@/lib/early-input";

export type ComboboxOption = { id: string; label: string; detail?: string };

type Props = {
  label: string;
  placeholder: string;
  /** What is typed; the caller searches with it (debounced) and hands back `options`. */
  term: string;
  onTermChange: (term: string) => void;
  options: readonly ComboboxOption[];
  /** Whether the typed text is long enough to search: the list shows only then. */
  searchable: boolean;
  searching: boolean;
  emptyText: string;
  onChoose: (option: ComboboxOption) => void;
};

/**
 * A text box whose suggestions come from a search (the ARIA combobox pattern): arrows move through
 * them, Enter chooses, Escape closes. The staff search and the audit trail's person filter use it.
 */
export function Combobox({ label, placeholder, term, onTermChange, options, searchable, searching, emptyText, onChoose }: Props) {
  const id = useId();
  useEarlyInput(() => document.getElementById(`${id}-input`) as HTMLInputElement | null, { value: term, onChange: (e) => onTermChange(e.target.value) });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = searchable ? options : [];

  const choose = (option: ComboboxOption) => {
    onChoose(option);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") setActive((i) => Math.min(i + 1, shown.length - 1));
    else if (event.key === "ArrowUp") setActive((i) => Math.max(i - 1, 0));
    else if (event.key === "Enter" && shown[active]) choose(shown[active]);
    else if (event.key === "Escape") setOpen(false);
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
        aria-expanded={open && shown.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        value={term}
        placeholder={placeholder}
        onChange={(e) => {
          onTermChange(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        className="min-h-11 w-full rounded-md border border-border bg-card px-3 py-2 text-base outline-none focus:ring-2 focus:ring-primary"
      />
      {open && searchable ? (
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={`${label} results`}
          className="absolute top-full z-30 mt-1 w-full overflow-hidden rounded-md border border-border bg-card shadow-lg"
        >
          {searching && shown.length === 0 ? <li className="px-3 py-2 text-sm text-muted-foreground">Searching…</li> : null}
          {!searching && shown.length === 0 ? <li className="px-3 py-2 text-sm text-muted-foreground">{emptyText}</li> : null}
          {shown.map((option, i) => (
            <li
              key={option.id}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(option);
              }}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-muted" : ""}`}
            >
              <span className="font-medium">{option.label}</span>
              {option.detail ? <span className="block text-xs text-muted-foreground">{option.detail}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
