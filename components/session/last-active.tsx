"use client";

import { formatDistanceToNow } from "date-fns";
import { sessionSwitchMessages } from "@/lib/contract/session-switch-values";
import { useLastTimeActive } from "@/lib/queries/staff";

/** 'Last active 5 minutes ago': when a staff member last used the portal, to the minute. */
export function LastActive({ staffId }: { staffId: string }) {
  const last = useLastTimeActive(staffId);
  if (!last.data) return null;
  const when = last.data.lastTimeActive;
  return (
    <p className="text-sm text-muted-foreground">
      {when ? (
        <>
          Last active{" "}
          <time dateTime={when} title={new Date(when).toLocaleString("en-GB", { timeZone: "Africa/Lagos" })}>
            {formatDistanceToNow(new Date(when), { addSuffix: true })}
          </time>
        </>
      ) : (
        sessionSwitchMessages.neverActive
      )}
    </p>
  );
}
