"use client";

import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { useEarlyInput } from "@/lib/early-input";
import { controlBorder, errorIdOf, FieldFrame } from "./field-frame";

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; trailing?: ReactNode };

/** A labelled input whose error message is announced with it (aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, trailing, id, className = "", ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  useEarlyInput(() => document.getElementById(inputId) as HTMLInputElement | null, props);
  return (
    <FieldFrame id={inputId} label={label} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorIdOf(inputId, error)}
          className={`min-h-11 w-full rounded-md border bg-card px-3 py-2 text-base outline-none focus:ring-2 focus:ring-primary ${controlBorder(error)} ${trailing ? "pr-12" : ""}`}
          {...props}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div> : null}
      </div>
    </FieldFrame>
  );
});
