"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { formatMoment } from "@/components/staff/transfer-dates";
import { NavLink } from "@/components/ui/nav-link";
import { notificationMessages, notificationText, type NotificationData } from "@/lib/contract/notification-values";
import { markNotificationsRead, notificationKeys, useNotifications } from "@/lib/queries/notifications";
import { routes } from "@/lib/routes";

/** Where a notification leads: the page where its matter is seen or acted on. */
function linkOf(data: NotificationData): { href: string; label: string } | null {
  switch (data.kind) {
    case "wallet.low-balance":
    case "wallet.arrears":
      return { href: routes.wallet, label: "Open the wallet" };
    case "import.finished":
    case "upload.finished": {
      const lists: Record<string, string> = { school: routes.schoolManagement, staff: routes.staffManagement, student: routes.admissionRegister };
      const href = lists[data.entity];
      return href ? { href, label: "Open the list" } : null;
    }
    case "staff.transferred":
      return { href: routes.profile, label: "Open your profile" };
    case "invitation.accepted":
      return { href: routes.staffRecordOf(data.staffId), label: "Open their record" };
    case "district.approved":
    case "district.changes-requested":
      return { href: routes.dashboard, label: "Open the dashboard" };
  }
}

/**
 * The bell's list (loaded when the bell is first opened): newest first, the unread marked, and once shown,
 * marked read, so the count on the bell drops.
 */
export function NotificationList() {
  const list = useNotifications();
  const queryClient = useQueryClient();
  const unreadIds = (list.data?.notifications ?? []).filter((n) => !n.readAt).map((n) => n.id);
  const key = unreadIds.join(",");
  useEffect(() => {
    if (!key) return;
    void markNotificationsRead(key.split(",")).then((answer) => queryClient.setQueryData(notificationKeys.unread, answer));
  }, [key, queryClient]);

  if (list.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {notificationMessages.loading}
      </p>
    );
  if (list.isError) return <p role="alert">{list.error.message}</p>;
  const items = list.data.notifications;
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{notificationMessages.none}</p>;
  return (
    <ol aria-label="Notifications, newest first" className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto">
      {items.map((n) => {
        const link = linkOf(n.data);
        return (
          <li key={n.id} className={`rounded-md border p-3 text-sm ${n.readAt ? "border-border" : "border-primary bg-muted"}`}>
            {n.readAt ? null : <span className="sr-only">Unread: </span>}
            <p>{notificationText(n.data)}</p>
            <p className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
              <time dateTime={n.createdAt}>{formatMoment(n.createdAt)}</time>
              {link ? (
                <NavLink href={link.href} className="font-semibold text-primary hover:underline">
                  {link.label}
                </NavLink>
              ) : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
