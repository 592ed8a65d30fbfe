"use client";

import { forwardRef, useId, type SelectHTMLAttributes } from "react";
import { controlBorder, errorIdOf, FieldFrame } from "@/components/ui/field-frame";
import { useEarlyInput } from "@/lib/early-input";

/** A choice shown as itself, or with a label of its own (a school chosen by id, shown by name). */
export type SelectOption = string | { value: string; label: string };
type Props = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; options: readonly SelectOption[]; placeholder?: string };

/** A labelled native select (works with any keyboard and every phone's own picker); its error is announced with it. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField(
  { label, error, options, placeholder, id, className = "", ...props },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  useEarlyInput(() => document.getElementById(selectId) as HTMLSelectElement | null, props);
  return (
    <FieldFrame id={selectId} label={label} error={error} className={className}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorIdOf(selectId, error)}
        className={`min-h-11 w-full rounded-md border bg-card px-3 py-2 text-base outline-none focus:ring-2 focus:ring-primary disabled:opacity-60 ${controlBorder(error)}`}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
});
