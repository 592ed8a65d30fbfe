"use client";

import { Bell, CircleHelp } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { notificationMessages } from "@/lib/contract/notification-messages";
import { useUnreadCount } from "@/lib/queries/notifications";

const iconButton =
  "flex h-10 w-10 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary";

// The list's code comes when the bell is first opened: every page carries the bell, few open it.
const NotificationList = dynamic(() => import("./notification-list").then((m) => m.NotificationList), {
  ssr: false,
  loading: () => <p className="text-sm text-muted-foreground">{notificationMessages.loading}</p>,
});

/** The top bar's help icon and notification bell (the unread count polled once a minute). */
export function TopBarButtons() {
  const [open, setOpen] = useState<"help" | "notifications" | null>(null);
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <>
      <button type="button" className={iconButton} aria-label="Help" onClick={() => setOpen("help")}>
        <CircleHelp size={20} aria-hidden />
      </button>
      {/* The badge sits beside the button, not in it: the button's name says the count in words. */}
      <span className="relative">
        <button type="button" className={iconButton} aria-label={notificationMessages.unread(unread)} onClick={() => setOpen("notifications")}>
          <Bell size={20} aria-hidden />
        </button>
        {unread > 0 ? (
          <span
            aria-hidden
            data-testid="unread-badge"
            className="pointer-events-none absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-xs font-semibold leading-5 text-primary-foreground"
          >
            {unread > 9 ? "9+" : unread}
          </span>
        ) : null}
      </span>
      <Dialog open={open === "help"} onOpenChange={(o) => setOpen(o ? "help" : null)} title="Help">
        <p className="text-sm">
          Use the menu on the left to reach the dashboard and the administration areas. Your profile, the district profile, the theme and logging out are in the
          menu behind your initials. For access you do not have, ask your district administrator for a role that allows it.
        </p>
      </Dialog>
      <Dialog open={open === "notifications"} onOpenChange={(o) => setOpen(o ? "notifications" : null)} title="Notifications">
        {open === "notifications" ? <NotificationList /> : null}
      </Dialog>
    </>
  );
}
