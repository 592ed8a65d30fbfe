import { routes } from "@/lib/routes";

export type NavItem = { label: string; href: string };

/** Spec §2: the main dashboard layout's drawer items, and the second layout's (staff working in an LGEA). */
export const mainNav: NavItem[] = [
  { label: "Dashboard", href: routes.dashboard },
  { label: "Administration", href: routes.administration },
];

export const secondNav: NavItem[] = [
  { label: "Dashboard", href: routes.dashboard },
  { label: "Permission/Roles", href: routes.permissionManagement },
  { label: "School Management", href: routes.schoolManagement },
  { label: "Student Management", href: routes.studentManagement },
];
