"use client";

import { useEffect, useRef, type InputHTMLAttributes } from "react";
import { useEarlyInput } from "@/lib/early-input";

/** A native checkbox with a label; `indeterminate` shows a partly selected group. */
export function Checkbox({
  label,
  indeterminate = false,
  className = "",
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: string; indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEarlyInput(() => ref.current, props);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className={`flex min-h-9 cursor-pointer items-start gap-2 text-sm ${className}`}>
      <input ref={ref} type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 accent-[rgb(var(--primary))]" {...props} />
      <span>{label}</span>
    </label>
  );
}
