"use client";

import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Footer } from "./footer";
import { Clock } from "./clock";
import { DefaultLogo } from "./default-logo";
import type { NavItem } from "./nav-items";
import { OfflineBanner } from "./offline-banner";
import { ProfileMenu } from "./profile-menu";
import { TopBarButtons } from "./top-bar-buttons";
import { NavLink } from "@/components/ui/nav-link";
import { routes } from "@/lib/routes";

type Props = {
  nav: NavItem[];
  districtName: string;
  districtTerm: string;
  /** The district's logo, when it has one; the default logo otherwise. */
  logo: string | null;
  staffName: string;
  isSuperAdmin: boolean;
  now: number;
  /** The organisation switcher, placed under the clock. */
  switcher?: ReactNode;
  children: ReactNode;
};

/** Marks the end of the page's content in the HTML: the first paint waits for it. */
const PARSED_ID = "content-parsed";

const isCurrent = (pathname: string, href: string) => pathname === href || (href !== "/dashboard" && pathname.startsWith(`${href}/`));

/** Main dashboard layout (spec §2): a 280 px drawer (a menu button on small screens) and a top bar. */
export function MainShell({ nav, districtName, districtTerm, logo, staffName, isSuperAdmin, now, switcher, children }: Props) {
  const pathname = usePathname();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="min-h-dvh lg:pl-[280px]">
      {/* The first paint waits until the page's content is parsed (React puts the link in <head>; browsers
          without it paint as before). On a slow line the HTML comes in pieces, and a paint between two of them
          drew half the top bar or half a register's buttons: what came next moved them (the admission
          register at 360 px by 0.012, e2e/layout-shift.spec.ts). What follows the content, the page's data for
          hydration and its scripts (two-fifths to a half of the HTML), does not hold the paint; Lighthouse's LCP
          on the dashboard and the registers was the same before and after (README, 'Performance'). */}
      <link rel="expect" href={`#${PARSED_ID}`} blocking="render" />
      <OfflineBanner />
      {drawerOpen ? <div className="fixed inset-0 z-30 bg-black/40 lg:hidden" aria-hidden onClick={() => setDrawerOpen(false)} /> : null}
      <aside
        id="main-drawer"
        aria-label="Main menu"
        className={`fixed inset-y-0 left-0 z-40 flex w-drawer flex-col gap-5 border-r border-border bg-card p-4 transition-transform lg:translate-x-0 ${drawerOpen ? "translate-x-0" : "-translate-x-full"}`}
      >
        <div className="flex items-center justify-between gap-2">
          <NavLink href={routes.dashboard} className="flex items-center gap-3" onClick={() => setDrawerOpen(false)}>
            {logo ? (
              <img src={logo} alt={`${districtName} logo`} width={40} height={40} className="h-10 w-10 shrink-0 rounded-md object-cover" />
            ) : (
              <DefaultLogo />
            )}
            <span className="text-sm font-semibold leading-tight">{districtName}</span>
          </NavLink>
          <button type="button" className="rounded p-2 lg:hidden" aria-label="Close menu" onClick={() => setDrawerOpen(false)}>
            <X size={20} aria-hidden />
          </button>
        </div>
        <Clock initial={now} />
        {switcher}
        <nav aria-label="Main">
          <ul className="flex flex-col gap-1">
            {nav.map((item) => (
              <li key={item.href}>
                <NavLink
                  href={item.href}
                  onClick={() => setDrawerOpen(false)}
                  aria-current={isCurrent(pathname, item.href) ? "page" : undefined}
                  className={`flex min-h-11 items-center rounded-md px-3 text-sm font-medium ${isCurrent(pathname, item.href) ? "bg-primary text-primary-foreground" : "hover:bg-muted"}`}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-card px-3 sm:px-5">
        <button
          type="button"
          className="rounded p-2 lg:hidden"
          aria-label="Open menu"
          aria-controls="main-drawer"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <Menu size={22} aria-hidden />
        </button>
        <p className="min-w-0 flex-1 truncate font-semibold" data-testid="top-bar-district">
          {districtName}
        </p>
        <TopBarButtons />
        <ProfileMenu name={staffName} districtTerm={districtTerm} isSuperAdmin={isSuperAdmin} />
      </header>
      <div className="flex min-h-[calc(100dvh-4rem)] flex-col">
        <div className="flex-1">{children}</div>
        <div id={PARSED_ID} hidden />
        <Footer />
      </div>
    </div>
  );
}
