"use client";

import { useId, type InputHTMLAttributes, type SelectHTMLAttributes } from "react";
import { controlBorder, errorIdOf, FieldFrame } from "@/components/ui/field-frame";
import { CountryCodeSelect } from "./country-code-select";

type Props = {
  label: string;
  error?: string;
  /** The country code select's props (react-hook-form's register, or value and onChange). */
  codeProps: SelectHTMLAttributes<HTMLSelectElement>;
  /** The ten-digit number input's props. */
  numberProps: InputHTMLAttributes<HTMLInputElement>;
};

/**
 * Spec §2 'phone input with country code list': the dial code (+234 first) and the last ten digits. The phone
 * keyboard, so 0803…, +234 and spaces can be typed as people do; the schema keeps the last ten digits.
 */
export function PhoneInput({ label, error, codeProps, numberProps }: Props) {
  const id = useId();
  return (
    <FieldFrame id={`${id}-number`} label={label} error={error}>
      <div className="flex gap-2">
        <CountryCodeSelect aria-label={`${label} country code`} {...codeProps} />
        <input
          id={`${id}-number`}
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="8031234567"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorIdOf(`${id}-number`, error)}
          className={`min-h-11 w-full min-w-0 rounded-md border bg-card px-3 py-2 text-base outline-none focus:ring-2 focus:ring-primary ${controlBorder(error)}`}
          {...numberProps}
        />
      </div>
    </FieldFrame>
  );
}
