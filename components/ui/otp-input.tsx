"use client";

import { useRef, type ClipboardEvent, type KeyboardEvent } from "react";

type Props = { value: string; onChange: (value: string) => void; length?: number; error?: string; label?: string };

/** Six single-digit boxes (spec §5). Typing moves on, Backspace moves back, a pasted code fills them all. */
export function OtpInput({ value, onChange, length = 6, error, label = "Reset code" }: Props) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? "");

  const setAt = (index: number, digit: string) => {
    const next = digits.slice();
    next[index] = digit;
    onChange(next.join("").slice(0, length));
  };
  const focus = (index: number) => refs.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text").replace(/\D/g, "").slice(0, length);
    if (!pasted) return;
    event.preventDefault();
    onChange(pasted);
    focus(pasted.length);
  };
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && !digits[index]) focus(index - 1);
    if (event.key === "ArrowLeft") focus(index - 1);
    if (event.key === "ArrowRight") focus(index + 1);
  };

  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="flex gap-2">
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            value={digit}
            inputMode="numeric"
            autoComplete={i === 0 ? "one-time-code" : "off"}
            maxLength={1}
            aria-label={`Digit ${i + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            onPaste={onPaste}
            onKeyDown={(e) => onKeyDown(i, e)}
            onChange={(e) => {
              const typed = e.target.value.replace(/\D/g, "").slice(-1);
              setAt(i, typed);
              if (typed) focus(i + 1);
            }}
            className={`h-12 w-11 rounded-md border bg-card text-center text-xl outline-none focus:ring-2 focus:ring-primary ${error ? "border-danger" : "border-border"}`}
          />
        ))}
      </div>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </fieldset>
  );
}
