"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { districtAccountStatuses, type DistrictAccountStatus, type RequirementItem, type SuperAdminDistrict } from "@/lib/contract/super-admin";
import { clientApi, districtApi } from "@/lib/client-api";
import { superAdminKeys } from "@/lib/queries/super-admin";
import { RequirementList } from "./requirement-list";

/** One district in the super-admin area: its account status and the state's and its own requirements. */
export function DistrictPanel({ district }: { district: SuperAdminDistrict }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [description, setDescription] = useState("");
  const [scope, setScope] = useState<"district" | "state">("district");
  const refresh = () => queryClient.invalidateQueries({ queryKey: superAdminKeys.districts });
  const call = useMutation({
    mutationFn: ({ path, method, json }: { path: string; method: string; json?: unknown }) => clientApi(districtApi(path), { method, json }),
    onSuccess: refresh,
    onError: (error) => toast.error(error.message),
  });

  const setStatus = (accountStatus: DistrictAccountStatus) =>
    call.mutate(
      { path: `super-admin/districts/${district.id}/account-status`, method: "PATCH", json: { accountStatus } },
      { onSuccess: () => toast.success(`${district.name} is now ${accountStatus}.`) },
    );
  const toggle = (item: RequirementItem) => call.mutate({ path: `super-admin/requirements/${item.id}`, method: "PATCH", json: { completed: !item.completed } });
  const remove = (item: RequirementItem) => call.mutate({ path: `super-admin/requirements/${item.id}`, method: "DELETE" });
  const add = (event: FormEvent) => {
    event.preventDefault();
    call.mutate(
      {
        path: "super-admin/requirements",
        method: "POST",
        json: { stateId: district.state.id, districtId: scope === "district" ? district.id : null, description },
      },
      { onSuccess: () => setDescription("") },
    );
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
            disabled={call.isPending}
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
          busy={call.isPending}
          onToggle={toggle}
          onDelete={remove}
        />
        <RequirementList
          title={`${district.name} requirements`}
          items={district.requirements.district}
          busy={call.isPending}
          onToggle={toggle}
          onDelete={remove}
        />
      </div>
      <form onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-end">
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
        <Button type="submit" disabled={call.isPending}>
          Add requirement
        </Button>
      </form>
    </article>
  );
}
