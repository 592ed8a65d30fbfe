"use client";

import { forwardRef, type SelectHTMLAttributes } from "react";
import { useAllEnum } from "@/lib/queries/reference";

/** The world's dial codes (Nigeria's +234 first), from the reference data. */
export const CountryCodeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function CountryCodeSelect(
  { className = "", ...props },
  ref,
) {
  const reference = useAllEnum();
  const codes = [...new Set((reference.data?.countryCodeEnum ?? [{ code: "+234" }]).map((c) => c.code))];
  return (
    <select
      ref={ref}
      className={`min-h-11 w-24 shrink-0 rounded-md border border-border bg-card px-2 text-base outline-none focus:ring-2 focus:ring-primary ${className}`}
      {...props}
    >
      {codes.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </select>
  );
});
