import { NavLink } from "@/components/ui/nav-link";
import type { Operation } from "@/lib/contract/permissions";
import { routes } from "@/lib/routes";

type Area = { title: string; description: string; href: string; needs: Operation; ready: boolean };

const areas: Area[] = [
  {
    title: "Roles and permissions",
    description: "Roles, what they allow, and who holds them.",
    href: routes.permissionManagement,
    needs: "role.view",
    ready: true,
  },
  { title: "School management", description: "Schools, their principals and statistics.", href: routes.schoolManagement, needs: "school.view", ready: true },
  { title: "Staff management", description: "Staff records, uploads and transfers.", href: routes.staffManagement, needs: "staff.view", ready: true },
  { title: "Student management", description: "Admissions and student records.", href: routes.studentManagement, needs: "student.view", ready: true },
  { title: "Classes", description: "Classes, their arms and class teachers, and the class types.", href: routes.classes, needs: "class.view", ready: true },
  {
    title: "LGEA portals",
    description: "Local government education authority portals and their administrators.",
    href: routes.lgaManagement,
    needs: "lgea.view",
    ready: true,
  },
  {
    title: "Configuration",
    description: "The academic session and its terms, the report-card price, admission numbers and the wallet alert.",
    href: routes.configuration,
    needs: "configuration.view",
    ready: true,
  },
  {
    title: "Wallet",
    description: "The report-card wallet: its balance, alert level and funding.",
    href: routes.wallet,
    needs: "wallet.view",
    ready: true,
  },
  {
    title: "Transaction logs",
    description: "Every funding, report-card charge and reversal, with filters and download.",
    href: routes.transactions,
    needs: "transaction.view",
    ready: true,
  },
  {
    title: "Audit trail",
    description: "Who changed which record, when, and what it was before.",
    href: routes.audit,
    needs: "audit.view",
    ready: true,
  },
  {
    title: "Statistics",
    description: "Enrolment by school, class and gender, and the parity index, for your reach.",
    href: routes.statistics,
    needs: "statistics.view",
    ready: true,
  },
];

/** The areas of administration this user may open; areas still being built say so instead of linking nowhere. */
export function AdministrationHub({ permissions }: { permissions: readonly string[] }) {
  const visible = areas.filter((a) => permissions.includes(a.needs));
  if (visible.length === 0) return <p>You have no administration permissions yet. Ask your district administrator for a role.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {visible.map((area) => (
        <li key={area.title} className="rounded-lg border border-border bg-card p-4">
          {area.ready ? (
            <NavLink href={area.href} className="text-base font-semibold text-primary hover:underline">
              {area.title}
            </NavLink>
          ) : (
            <p className="text-base font-semibold">
              {area.title} <span className="ml-1 rounded bg-muted px-2 py-0.5 text-xs font-normal text-muted-foreground">coming soon</span>
            </p>
          )}
          <p className="mt-1 text-sm text-muted-foreground">{area.description}</p>
        </li>
      ))}
    </ul>
  );
}
