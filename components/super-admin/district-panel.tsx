"use client";

import { useId, useState, type FormEvent } from "react";
import { toast } from "@/lib/notify";
import { Button } from "@/components/ui/button";
import { districtAccountStatuses } from "@/lib/contract/super-admin-values";
import type { DistrictAccountStatus, RequirementItem, SuperAdminDistrict } from "@/lib/contract/super-admin";
import { superAdminKeys, superAdminMutations } from "@/lib/queries/super-admin";
import { useApiMutation } from "@/lib/use-api-mutation";
import { RequirementList } from "./requirement-list";
import { formWithoutScript } from "@/lib/form-without-script";

/** One district in the super-admin area: its account status and the state's and its own requirements. */
export function DistrictPanel({ district }: { district: SuperAdminDistrict }) {
  const id = useId();
  const [description, setDescription] = useState("");
  const [scope, setScope] = useState<"district" | "state">("district");
  // Every change here refreshes the districts list; each call says what follows it.
  const call = useApiMutation((change: { send: () => Promise<unknown>; then?: () => void }) => change.send(), {
    invalidates: [superAdminKeys.districts],
    inPlace: true,
    onSuccess: (_result, change) => change.then?.(),
  });

  const setStatus = (accountStatus: DistrictAccountStatus) =>
    void call.run({
      send: () => superAdminMutations.setDistrictStatus(district.id, accountStatus),
      then: () => toast.success(`${district.name} is now ${accountStatus}.`),
    });
  const toggle = (item: RequirementItem) => void call.run({ send: () => superAdminMutations.setRequirementCompleted(item.id, !item.completed) });
  const remove = (item: RequirementItem) => void call.run({ send: () => superAdminMutations.removeRequirement(item.id) });
  const add = (event: FormEvent) => {
    event.preventDefault();
    void call.run({
      send: () => superAdminMutations.addRequirement({ stateId: district.state.id, districtId: scope === "district" ? district.id : null, description }),
      then: () => setDescription(""),
    });
  };

  return (
    <article aria-label={district.name} className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{district.name}</h2>
          <p className="text-sm text-muted-foreground">{district.state.name}</p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            Account status
          </label>
          <select
            id={`${id}-status`}
            value={district.accountStatus}
            disabled={call.busy}
            onChange={(e) => setStatus(e.target.value as DistrictAccountStatus)}
            className="min-h-11 rounded-md border border-border bg-card px-3"
          >
            {districtAccountStatuses.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <RequirementList
          title={`State requirements (${district.state.name})`}
          items={district.requirements.state}
          busy={call.busy}
          onToggle={toggle}
          onDelete={remove}
        />
        <RequirementList title={`${district.name} requirements`} items={district.requirements.district} busy={call.busy} onToggle={toggle} onDelete={remove} />
      </div>
      <form {...formWithoutScript} onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={`${id}-new`} className="text-sm font-medium">
            New requirement
          </label>
          <input
            id={`${id}-new`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            className="min-h-11 rounded-md border border-border bg-card px-3"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-scope`} className="text-sm font-medium">
            For
          </label>
          <select
            id={`${id}-scope`}
            value={scope}
            onChange={(e) => setScope(e.target.value as "district" | "state")}
            className="min-h-11 rounded-md border border-border bg-card px-3"
          >
            <option value="district">This district</option>
            <option value="state">The whole state</option>
          </select>
        </div>
        <Button type="submit" disabled={call.busy}>
          Add requirement
        </Button>
      </form>
    </article>
  );
}
