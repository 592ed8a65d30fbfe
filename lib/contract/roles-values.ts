// What the browser needs of this domain without zod (texts, lists, helpers); roles.ts re-exports it with the schemas.

/** Permissions grouped by category, categories and names in a stable order, for cards, dialogs and the form. */
export function groupByCategory<T extends { category: string; name: string }>(permissions: readonly T[]): { category: string; permissions: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const p of permissions) groups.set(p.category, [...(groups.get(p.category) ?? []), p]);
  return [...groups.entries()].map(([category, list]) => ({ category, permissions: list }));
}

/**
 * Roles every district starts with and other features rely on (architecture 'Staff'): the district's
 * administrator role (every operation) and the LGEA administrator's. They cannot be deleted or renamed away.
 */
export const systemRoleKeys = ["district-admin", "lgea-admin"] as const;
export type SystemRoleKey = (typeof systemRoleKeys)[number];

/** Messages of the role and role-assignment routes, shown to the user as they come. */
export const roleMessages = {
  nameTaken: "A role with this name already exists.",
  staleVersion: "This role was changed by someone else. Reload it and try again.",
  alreadyHeld: "This staff member already holds this role there.",
  assigned: "Role Assigned Successfully",
  unassigned: "Role Removed Successfully",
  limitRange: "Limit must be between 1 and 1000.",
  cannotGrant: "You can only grant permissions that you hold yourself.",
  cannotRemove: "You can only take away permissions that you hold yourself.",
  systemRoleLocked: "This role comes with every district and cannot be deleted.",
  noAdminRole: "This district has no administrator role to give.",
} as const;
