import type { Permission } from "@/lib/contract/permissions";
import { groupByCategory } from "@/lib/contract/roles-values";

/** A read-only list of permissions grouped by category (role info dialog, staff access). */
export function PermissionGroups({ permissions }: { permissions: Permission[] }) {
  if (permissions.length === 0) return <p className="text-sm text-muted-foreground">No permissions.</p>;
  return (
    <div className="flex flex-col gap-3">
      {groupByCategory(permissions).map((group) => (
        <section key={group.category} aria-label={group.category}>
          <h3 className="text-sm font-semibold">{group.category}</h3>
          <ul className="mt-1 flex flex-col gap-1">
            {group.permissions.map((p) => (
              <li key={p.operation} className="text-sm">
                <span className="font-medium">{p.name}</span>
                <span className="text-muted-foreground"> — {p.description}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
