"use client";

import Link, { useLinkStatus } from "next/link";
import { useState, type ComponentProps } from "react";
import { createPortal } from "react-dom";
import { auditMessages } from "@/lib/contract/audit-values";
import { loadingTexts } from "@/lib/contract/notices";
import { offlinePageMessage } from "@/lib/contract/page-messages";
import { toast } from "@/lib/notify";
import { routes } from "@/lib/routes";
import { LoadingOverlay } from "./loading-overlay";

/** The spec's loading text for the page a link opens ('Please wait...' where it names none). */
const pageLoadingTexts: Record<string, string> = {
  [routes.dashboard]: loadingTexts.dashboard,
  [routes.schoolManagement]: loadingTexts.schools,
  [routes.permissionManagement]: loadingTexts.roles,
  [routes.staffManagement]: loadingTexts.staffs,
  [routes.studentManagement]: loadingTexts.students,
  [routes.admissionRegister]: loadingTexts.students,
  [routes.studentRecord]: loadingTexts.student,
  [routes.transactions]: loadingTexts.transactionLogs,
  [routes.audit]: auditMessages.loading,
};
/** A page whose record is named in the query (a pupil's record: `?id=`) has its path's text. */
const loadingTextOf = (href: string) => pageLoadingTexts[href] ?? pageLoadingTexts[href.split("?")[0] ?? ""] ?? loadingTexts.default;

/**
 * Rendered at the document's root: inside the link, a translated ancestor (the phone drawer, sliding shut)
 * would be the overlay's frame instead of the screen.
 */
function PendingOverlay({ href }: { href: string }) {
  const { pending } = useLinkStatus();
  return pending ? createPortal(<LoadingOverlay text={loadingTextOf(href)} />, document.body) : null;
}

/**
 * A link between the portal's pages that covers the page with the target's loading text while the next
 * page is on its way. The pages have no loading.tsx: a route-level fallback made every first load
 * stream the page in behind a fallback, which React reveals up to 300 ms after the first paint.
 * Without a connection it stays put and says so (a page not yet loaded cannot open without a service worker).
 */
export function NavLink({
  href,
  children,
  onClick,
  onPointerEnter,
  onFocus,
  prefetch,
  ...props
}: Omit<ComponentProps<typeof Link>, "href" | "prefetch"> & { href: string; prefetch?: false }) {
  // Next prefetches every link as it comes into view; each page prefetched its menu and every card's edit page,
  // each twice (two router states), on every load: data a phone's metered line pays for and requests that
  // compete with the page's own. A link is prefetched once the user shows intent instead: the pointer on it
  // (a finger's touch too) or the keyboard's focus. `prefetch={false}`: never (a register's rows).
  const [intent, setIntent] = useState(false);
  return (
    <Link
      href={href}
      prefetch={intent && prefetch !== false ? null : false}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        setIntent(true);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        setIntent(true);
      }}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        // Offline, Next would fall back to a full load and the browser would show its own error page:
        // the user stays where they are, with the portal's own words.
        if (!event.defaultPrevented && !navigator.onLine) {
          event.preventDefault();
          toast.error(offlinePageMessage);
        }
      }}
    >
      {children}
      <PendingOverlay href={href} />
    </Link>
  );
}
