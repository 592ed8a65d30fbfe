"use client";

import { useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { sessionSwitchMessages } from "@/lib/contract/session-switch-values";
import { useSuperAdminDistricts } from "@/lib/queries/super-admin";
import { authCalls } from "@/lib/queries/auth";
import { arriveAfterSwitch } from "@/lib/switch-session";
import { useApiMutation } from "@/lib/use-api-mutation";

const matches = (text: string, query: string) => text.toLowerCase().includes(query.trim().toLowerCase());

/** Every district, searchable by its name or its state's; picking one gives the super administrator a session there. */
export function SwitchDistrictList({ currentDistrictId }: { currentDistrictId: string }) {
  const districts = useSuperAdminDistricts();
  const [query, setQuery] = useState("");
  const { busy, run: switchTo } = useApiMutation(authCalls.switchDistrict, {
    onSuccess: (result) => arriveAfterSwitch(result, sessionSwitchMessages.districtSwitched),
  });
  if (districts.isPending) return <LoadingOverlay />;
  if (districts.isError) return <p role="alert">{districts.error.message}</p>;

  const shown = districts.data.districts.filter((d) => matches(d.name, query) || matches(d.state.name, query));

  return (
    <div className="flex flex-col gap-4">
      <TextField label="Search districts" type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="District or state name" />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {shown.length} of {districts.data.districts.length} districts
      </p>
      <ul className="flex flex-col gap-2">
        {shown.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-card p-4">
            <div className="min-w-0">
              <p className="font-semibold">{d.name}</p>
              <p className="text-sm text-muted-foreground">
                {d.state.name} · {d.accountStatus}
              </p>
            </div>
            {d.id === currentDistrictId ? (
              <span className="rounded-full bg-muted px-3 py-1 text-sm font-medium">Current district</span>
            ) : (
              <Button variant="secondary" onClick={() => void switchTo(d.id)} disabled={busy} aria-label={`Switch to ${d.name}`}>
                Switch
              </Button>
            )}
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p className="text-muted-foreground">No district matches “{query}”.</p> : null}
      {busy ? <LoadingOverlay /> : null}
    </div>
  );
}
