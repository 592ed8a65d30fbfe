"use client";

import { forwardRef, useId, type TextareaHTMLAttributes } from "react";
import { useEarlyInput } from "@/lib/early-input";
import { controlBorder, errorIdOf, FieldFrame } from "./field-frame";

export const TextArea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }>(function TextArea(
  { label, error, id, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  useEarlyInput(() => document.getElementById(inputId) as HTMLTextAreaElement | null, props);
  return (
    <FieldFrame id={inputId} label={label} error={error}>
      <textarea
        ref={ref}
        id={inputId}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorIdOf(inputId, error)}
        className={`w-full rounded-md border bg-card px-3 py-2 text-base outline-none focus:ring-2 focus:ring-primary ${controlBorder(error)}`}
        {...props}
      />
    </FieldFrame>
  );
});
