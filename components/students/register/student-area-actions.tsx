import { ArrowRightLeft, List, Plus } from "lucide-react";
import { NavLink } from "@/components/ui/nav-link";
import { routes } from "@/lib/routes";

const primary =
  "inline-flex min-h-11 items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:opacity-90 focus-visible:outline-2 focus-visible:outline-primary";
const secondary =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-card px-4 py-2 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary";

type Props = { can: { create: boolean; move: boolean } };

/** What the user may do in the students area, by permission: admit, open the register, group moves (upload and download are the spreadsheet panel's). */
export function StudentAreaActions({ can }: Props) {
  return (
    <nav aria-label="Student actions" className="flex flex-wrap gap-2">
      {can.create ? (
        <NavLink href={routes.newStudent} className={primary}>
          <Plus size={16} aria-hidden /> Admit a student
        </NavLink>
      ) : null}
      <NavLink href={routes.admissionRegister} className={secondary}>
        <List size={16} aria-hidden /> Open the admission register
      </NavLink>
      {can.move ? (
        <NavLink href={routes.studentMoves} className={secondary}>
          <ArrowRightLeft size={16} aria-hidden /> Group moves
        </NavLink>
      ) : null}
    </nav>
  );
}
