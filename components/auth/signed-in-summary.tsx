import Link from "next/link";
import { NavLink } from "@/components/ui/nav-link";
import type { ReactNode } from "react";
import type { SignedInUser } from "@/lib/contract/user";
import { term } from "@/lib/contract/terminology";
import { routes } from "@/lib/routes";

/** Who is signed in and where: the interim dashboard until the portal shell arrives. */
export function SignedInSummary({ user, heading, children }: { user: SignedInUser; heading: string; children?: ReactNode }) {
  const { staff } = user;
  const districtTerm = term(staff.stateDetails.stateTerminologies, "district");
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <section aria-label="Signed-in staff" className="rounded-lg border border-border bg-card p-5">
        <p className="text-lg">
          Welcome, <strong>{[staff.title, staff.firstName, staff.lastName].filter(Boolean).join(" ")}</strong>
        </p>
        {/* minmax(0, 1fr) and break-words: a long district name or e-mail wraps instead of widening a phone's screen. */}
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [&_dd]:break-words">
          <dt className="text-muted-foreground">{districtTerm}</dt>
          <dd data-testid="district-name">{staff.district.name}</dd>
          <dt className="text-muted-foreground">Working in</dt>
          <dd>{user.currentOrganization.name}</dd>
          <dt className="text-muted-foreground">E-mail</dt>
          <dd>{staff.email}</dd>
        </dl>
      </section>
      {children}
      <nav aria-label="Portal" className="flex flex-wrap gap-3">
        <NavLink href={routes.administration} className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground hover:opacity-90">
          Administration
        </NavLink>
        <Link href={routes.logout} prefetch={false} className="rounded-md border border-border px-4 py-2 font-semibold hover:bg-muted">
          Logout
        </Link>
      </nav>
    </main>
  );
}
