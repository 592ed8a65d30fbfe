"use client";

import { useEffect, useState } from "react";

const CLOCK_REFRESH_MS = 3_000; // spec §9
const time = new Intl.DateTimeFormat("en-NG", { timeZone: "Africa/Lagos", hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: true });
const day = new Intl.DateTimeFormat("en-NG", { timeZone: "Africa/Lagos", weekday: "long", day: "numeric", month: "long", year: "numeric" });

/** Time and date in Lagos, refreshed every 3 s; fixed widths so nothing shifts when it ticks. */
export function Clock({ initial }: { initial: number }) {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="rounded-md bg-muted px-3 py-2 text-center" aria-label="Time in Lagos">
      <p className="font-mono text-lg font-semibold tabular-nums" suppressHydrationWarning>
        {time.format(now)}
      </p>
      <p className="text-xs text-muted-foreground" suppressHydrationWarning>
        {day.format(now)}
      </p>
    </div>
  );
}
