"use client";

import { CalendarDays } from "lucide-react";
import dynamic from "next/dynamic";
import { forwardRef, useId, useState, type ChangeEvent, type InputHTMLAttributes } from "react";
import { Dialog } from "@/components/ui/dialog";
import { controlBorder, errorIdOf, FieldFrame } from "@/components/ui/field-frame";
import { isoDay, typedBeforeScript, withDateSeparators } from "@/lib/contract/local-formats";
import { useEarlyInput } from "@/lib/early-input";
import { loadingTexts } from "@/lib/contract/messages";

// The calendar (react-day-picker, date-fns and their styles) is fetched when it is first opened, not with the page.
const DateCalendar = dynamic(() => import("./date-calendar"), { ssr: false, loading: () => <p className="p-4 text-sm">{loadingTexts.default}</p> });

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> & {
  label: string;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Dates of birth and past events: no day after today. */
  notFuture?: boolean;
  /** Deadlines and plans: no day before today. */
  notPast?: boolean;
};

/**
 * A date typed as day/month/year (14/05/1972, with / - or .; a '/' is added after the day and the month as
 * digits are typed) or as YYYY-MM-DD, or picked from a calendar (with month and year drop-downs, so a date of
 * birth is a few clicks away). The value is kept as typed; the contract's schema turns it into the calendar
 * day the API stores (isoDay). The keyboard is the full one, so separators can be typed.
 */
export const DateField = forwardRef<HTMLInputElement, Props>(function DateField({ label, error, value, onValueChange, notFuture, notPast, id, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  const [open, setOpen] = useState(false);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => onValueChange(withDateSeparators(value, event.target.value));
  // Digits typed before the script ran arrive at once: they get their separators as if typed one by one.
  const onEarlyChange = (event: ChangeEvent<HTMLInputElement>) => onValueChange(typedBeforeScript(value, event.target.value));
  useEarlyInput(() => document.getElementById(inputId) as HTMLInputElement | null, { value, onChange: onEarlyChange });
  return (
    <FieldFrame id={inputId} label={label} error={error}>
      <div className="flex gap-2">
        <input
          ref={ref}
          id={inputId}
          value={value}
          onChange={onChange}
          placeholder="DD/MM/YYYY"
          inputMode="text"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorIdOf(inputId, error)}
          className={`min-h-11 w-full min-w-0 rounded-md border bg-card px-3 py-2 text-base outline-none focus:ring-2 focus:ring-primary ${controlBorder(error)}`}
          {...props}
        />
        <button
          type="button"
          aria-label={`Choose ${label.toLowerCase()} from a calendar`}
          onClick={() => setOpen(true)}
          className="flex min-h-11 min-w-11 items-center justify-center rounded-md border border-border bg-card hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary"
        >
          <CalendarDays size={18} aria-hidden />
        </button>
      </div>
      <Dialog open={open} onOpenChange={setOpen} title={label}>
        {open ? (
          <DateCalendar
            value={isoDay(value)}
            notFuture={notFuture}
            notPast={notPast}
            onPick={(day) => {
              if (day) onValueChange(day);
              setOpen(false);
            }}
          />
        ) : null}
      </Dialog>
    </FieldFrame>
  );
});
