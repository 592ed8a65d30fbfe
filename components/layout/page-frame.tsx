import { NavLink } from "@/components/ui/nav-link";
import type { ReactNode } from "react";
import { routes } from "@/lib/routes";

type Crumb = { label: string; href?: string };

/** A page's heading with breadcrumbs (default: Dashboard) and its content. */
export function PageFrame({ title, crumbs = [], children }: { title: string; crumbs?: Crumb[]; children: ReactNode }) {
  const trail: Crumb[] = [{ label: "Dashboard", href: routes.dashboard }, ...crumbs];
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6">
      <nav aria-label="Breadcrumb" className="hidden text-sm text-muted-foreground sm:block">
        <ol className="flex flex-wrap gap-1">
          {trail.map((crumb, i) => (
            <li key={crumb.label} className="flex gap-1">
              {i > 0 ? <span aria-hidden>/</span> : null}
              {crumb.href ? (
                <NavLink href={crumb.href} className="hover:text-foreground hover:underline">
                  {crumb.label}
                </NavLink>
              ) : (
                <span aria-current="page">{crumb.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </main>
  );
}
