import { NavLink } from "@/components/ui/nav-link";
import { authMessages } from "@/lib/contract/messages";
import { routes } from "@/lib/routes";

/** Shown in place of a page the signed-in user has no permission for. */
export function Forbidden() {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-border bg-card p-6">
      <p>{authMessages.forbidden} Ask your district administrator for a role that allows it.</p>
      <NavLink href={routes.dashboard} className="font-medium text-primary hover:underline">
        Back to the dashboard
      </NavLink>
    </div>
  );
}
