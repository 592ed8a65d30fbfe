"use client";

import type { ReactNode } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRegisterReturnHref } from "@/lib/register-return";

/** A link back to a register, opening it with the search and filters the user left it with in this tab. */
export function RegisterReturnLink({ path, className, children }: { path: string; className?: string; children: ReactNode }) {
  const href = useRegisterReturnHref(path);
  return (
    <NavLink href={href} className={className}>
      {children}
    </NavLink>
  );
}
