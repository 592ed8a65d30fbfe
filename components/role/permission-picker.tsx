"use client";

import { Checkbox } from "@/components/ui/checkbox";
import type { Operation, Permission } from "@/lib/contract/permissions";
import { groupByCategory } from "@/lib/contract/roles-values";

type Props = { catalogue: Permission[]; value: Operation[]; onChange: (value: Operation[]) => void; error?: string };

/** The catalogue category by category, with select-all per category. */
export function PermissionPicker({ catalogue, value, onChange, error }: Props) {
  const chosen = new Set(value);
  const set = (operations: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const op of operations) {
      if (on) next.add(op as Operation);
      else next.delete(op as Operation);
    }
    onChange(catalogue.map((p) => p.operation as Operation).filter((op) => next.has(op)));
  };
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? "permission-picker-error" : undefined}>
      <legend className="mb-1 text-sm font-medium">Permissions</legend>
      {groupByCategory(catalogue).map((group) => {
        const ops = group.permissions.map((p) => p.operation);
        const count = ops.filter((op) => chosen.has(op as Operation)).length;
        return (
          <div key={group.category} role="group" aria-label={group.category} className="rounded-md border border-border p-3">
            <Checkbox
              label={`${group.category} — all`}
              className="font-semibold"
              checked={count === ops.length}
              indeterminate={count > 0 && count < ops.length}
              onChange={(e) => set(ops, e.target.checked)}
            />
            <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
              {group.permissions.map((p) => (
                <Checkbox
                  key={p.operation}
                  label={p.name}
                  title={p.description}
                  checked={chosen.has(p.operation as Operation)}
                  onChange={(e) => set([p.operation], e.target.checked)}
                />
              ))}
            </div>
          </div>
        );
      })}
      {error ? (
        <p id="permission-picker-error" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
