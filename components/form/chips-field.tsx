"use client";

import { X } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

type Props = {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  /** The value a typed text becomes (e.g. with its country code), or an error message to show instead. */
  toValue: (text: string) => { value: string } | { error: string };
  /** Whether the Add button is enabled for this text yet. */
  canAdd?: (text: string) => boolean;
  inputMode?: "text" | "numeric" | "email";
  placeholder?: string;
  /** Shown before the text input (the phone chips put the country code here). */
  prefix?: ReactNode;
  error?: string;
};

/** A list entered one item at a time (spec §2 'add chips'): each shows as a chip that can be removed. */
export function ChipsField({ label, values, onChange, toValue, canAdd = (t) => t.trim() !== "", inputMode = "text", placeholder, prefix, error }: Props) {
  const id = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  const input = useRef<HTMLInputElement>(null);

  /** Adds the typed text as a chip; false when it cannot be one (its message is then shown). */
  const add = (): boolean => {
    if (!canAdd(text)) return false;
    const result = toValue(text);
    if ("error" in result) {
      setProblem(result.error);
      return false;
    }
    if (!values.includes(result.value)) onChange([...values, result.value]);
    setText("");
    setProblem(null);
    return true;
  };

  // A value typed but not confirmed with 'Add' is added when the form is sent (Next, Save), or the
  // sending is refused with its message: never silently dropped. The form element's own listener runs
  // before React's, which reads the values.
  const pending = useRef({ text, add, toValue });
  useLayoutEffect(() => {
    pending.current = { text, add, toValue };
  });
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      const { text: typed, add: addTyped, toValue: check } = pending.current;
      if (typed.trim() === "" || addTyped()) return;
      const result = check(typed);
      if (!("error" in result)) return;
      setProblem(result.error);
      event.preventDefault();
      event.stopImmediatePropagation();
      input.current?.focus();
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {values.length > 0 ? (
        <ul aria-label={label} className="flex flex-wrap gap-2">
          {values.map((value) => (
            <li key={value} className="flex max-w-full items-center gap-1 rounded-full bg-muted py-1 pl-3 pr-1 text-sm">
              {/* A long e-mail breaks rather than widening the page on a phone. */}
              <span className="min-w-0 break-all">{value}</span>
              <button
                type="button"
                aria-label={`Remove ${value}`}
                className="shrink-0 rounded-full p-1 hover:bg-border"
                onClick={() => onChange(values.filter((v) => v !== value))}
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        {prefix}
        <input
          ref={input}
          id={id}
          value={text}
          inputMode={inputMode}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          className={`min-h-11 w-full min-w-0 rounded-md border bg-card px-3 py-2 text-base outline-none focus:ring-2 focus:ring-primary ${shown ? "border-danger" : "border-border"}`}
        />
        <Button variant="secondary" onClick={() => add()} disabled={!canAdd(text)} aria-label={`Add to ${label}`}>
          Add
        </Button>
      </div>
      {shown ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
