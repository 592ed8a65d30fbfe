"use client";

import { Bell, CircleHelp } from "lucide-react";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";

const iconButton =
  "flex h-10 w-10 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary";

/** The top bar's help icon and notification bell. */
export function TopBarButtons() {
  const [open, setOpen] = useState<"help" | "notifications" | null>(null);
  return (
    <>
      <button type="button" className={iconButton} aria-label="Help" onClick={() => setOpen("help")}>
        <CircleHelp size={20} aria-hidden />
      </button>
      <button type="button" className={iconButton} aria-label="Notifications" onClick={() => setOpen("notifications")}>
        <Bell size={20} aria-hidden />
      </button>
      <Dialog open={open === "help"} onOpenChange={(o) => setOpen(o ? "help" : null)} title="Help">
        <p className="text-sm">
          Use the menu on the left to reach the dashboard and the administration areas. Your profile, the district profile, the theme and logging out are in the
          menu behind your initials. For access you do not have, ask your district administrator for a role that allows it.
        </p>
      </Dialog>
      <Dialog open={open === "notifications"} onOpenChange={(o) => setOpen(o ? "notifications" : null)} title="Notifications">
        <p className="text-sm text-muted-foreground">You have no notifications.</p>
      </Dialog>
    </>
  );
}
