"use client";

import { forwardRef, type SelectHTMLAttributes } from "react";
import { SelectField } from "./select-field";

type Props = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; from?: number; to?: number };

/** A year from a list, newest first (admission years, years of graduation). */
export const YearPicker = forwardRef<HTMLSelectElement, Props>(function YearPicker({ from = 1950, to = new Date().getFullYear(), ...props }, ref) {
  const years = Array.from({ length: to - from + 1 }, (_, i) => String(to - i));
  return <SelectField ref={ref} options={years} placeholder="Choose a year" {...props} />;
});
