"use client";

import { NavLink } from "@/components/ui/nav-link";
import { useStudentSummary } from "@/lib/queries/students";
import { routes } from "@/lib/routes";

const count = (n: number) => n.toLocaleString("en");
const registerOf = (query: Record<string, string>) => `${routes.admissionRegister}?${new URLSearchParams(query)}`;

/** A small table of counts: a name (a link into the register where it can filter) and how many. */
function CountTable({ caption, heading, rows }: { caption: string; heading: string; rows: { key: string; label: string; count: number; href?: string }[] }) {
  return (
    <section className="rounded-lg border border-border bg-card">
      <table className="w-full border-collapse text-sm">
        <caption className="px-4 pt-3 text-left text-base font-semibold">{caption}</caption>
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-muted-foreground">
            <th scope="col" className="px-4 py-2 font-medium">
              {heading}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Students
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="border-t border-border">
              <td colSpan={2} className="px-4 py-2 text-muted-foreground">
                None yet.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key} className="border-t border-border">
                <th scope="row" className="px-4 py-2 text-left font-normal">
                  {row.href ? (
                    <NavLink href={row.href} prefetch={false} className="text-primary hover:underline">
                      {row.label}
                    </NavLink>
                  ) : (
                    row.label
                  )}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">{count(row.count)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

/** The students area's counts of Enrolled pupils (GET /student/summary): by school, class level and gender; schools and genders open the register filtered. */
export function StudentSummaryView({ districtId }: { districtId: string }) {
  const summary = useStudentSummary(districtId);
  if (summary.isError) return <p role="alert">{summary.error.message}</p>;
  if (!summary.data) return null;
  const { total, bySchool, byLevel, byGender } = summary.data;
  return (
    <section aria-labelledby="student-counts" className="flex flex-col gap-3">
      <h2 id="student-counts" className="text-lg font-semibold">
        Enrolled students
      </h2>
      <p className="text-3xl font-bold tabular-nums">{count(total)}</p>
      <div className="grid gap-4 md:grid-cols-3">
        <CountTable
          caption="Students by school"
          heading="School"
          rows={bySchool.map((s) => ({ key: s.id, label: s.name, count: s.count, href: registerOf({ school: s.id }) }))}
        />
        <CountTable caption="Students by class level" heading="Class level" rows={byLevel.map((l) => ({ key: l.level, label: l.level, count: l.count }))} />
        <CountTable
          caption="Students by gender"
          heading="Gender"
          rows={byGender.map((g) => ({ key: g.gender, label: g.gender, count: g.count, href: registerOf({ gender: g.gender }) }))}
        />
      </div>
    </section>
  );
}
