"use client";

import { format, parseISO } from "date-fns";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { todayInLagos } from "@/lib/contract/staff-values";

type Props = {
  value: string;
  /** The day picked, or null when the chosen day was clicked again. */
  onPick: (day: string | null) => void;
  /** Dates of birth and past events: no day after today. */
  notFuture?: boolean;
  /** Deadlines and plans: no day before today. */
  notPast?: boolean;
};

const validDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(parseISO(value).getTime());

/** The date field's calendar, with month and year drop-downs so that a date of birth is a few clicks away. */
export default function DateCalendar({ value, onPick, notFuture, notPast }: Props) {
  const today = parseISO(todayInLagos());
  const selected = validDay(value) ? parseISO(value) : undefined;
  const disabled = [...(notFuture ? [{ after: today }] : []), ...(notPast ? [{ before: today }] : [])];
  return (
    <DayPicker
      mode="single"
      captionLayout="dropdown"
      selected={selected}
      defaultMonth={selected ?? today}
      startMonth={new Date(1930, 0)}
      endMonth={new Date(today.getFullYear() + 10, 11)}
      disabled={disabled}
      onSelect={(day) => onPick(day ? format(day, "yyyy-MM-dd") : null)}
    />
  );
}
