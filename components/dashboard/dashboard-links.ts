import type { DashboardInformation } from "@/lib/contract/dashboard";
import type { Operation } from "@/lib/contract/permissions";
import { routes } from "@/lib/routes";

type Figure = { label: string; value: number; detail?: string; href?: string };

/** Each figure card opens its list, when the user may open that list; otherwise it stays a figure. */
export function dashboardFigures(info: DashboardInformation, may: ReadonlySet<Operation>): Figure[] {
  const link = (needs: Operation, href: string) => (may.has(needs) ? { href } : {});
  const { schools, lgeas, classes, staff, students } = info;
  return [
    { label: "Schools", value: schools, ...link("school.view", routes.schoolManagement) },
    { label: "LGEAs", value: lgeas, ...link("lgea.view", routes.lgaManagement) },
    { label: "Classes", value: classes, ...link("class.view", routes.classes) },
    {
      label: "Staff",
      value: staff.total,
      detail: `${staff.teaching} teaching · ${staff.nonTeaching} non-teaching`,
      ...link("staff.view", routes.staffManagement),
    },
    {
      label: "Students",
      value: students.total,
      detail: `${students.female} female · ${students.male} male`,
      ...link("student.view", routes.admissionRegister),
    },
  ];
}

export type FirstStep = { label: string; done: boolean; href?: string };

/**
 * What a new district's owner does first, while the district still lacks schools, staff (beyond the
 * owner) or pupils; `null` once it has all three, or for anyone but the owner. A step the owner may not
 * take (a role changed since) is named without a link.
 */
export function firstSteps(info: DashboardInformation, may: ReadonlySet<Operation>, isOwner: boolean): FirstStep[] | null {
  if (!isOwner) return null;
  const started = { schools: info.schools > 0, staff: info.staff.total > 1, pupils: info.students.total > 0 };
  if (started.schools && started.staff && started.pupils) return null;
  const step = (label: string, done: boolean, needs: Operation, href: string): FirstStep => ({ label, done, ...(may.has(needs) ? { href } : {}) });
  return [
    step("Add a school", started.schools, "school.create", routes.schoolManagement),
    step("Add staff", started.staff, "staff.create", routes.newStaff),
    step("Upload pupils", started.pupils, "student.upload", routes.studentManagement),
    step("Fund the report-card wallet", false, "wallet.fund", routes.wallet),
  ];
}
