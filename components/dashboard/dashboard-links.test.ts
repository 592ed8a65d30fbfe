import { describe, expect, it } from "vitest";
import type { DashboardInformation } from "@/lib/contract/dashboard";
import type { Operation } from "@/lib/contract/permissions";
import { routes } from "@/lib/routes";
import { dashboardFigures, firstSteps } from "./dashboard-links";

const empty: DashboardInformation = {
  schools: 0,
  lgeas: 0,
  classes: 0,
  staff: { total: 1, teaching: 0, nonTeaching: 1 },
  students: { total: 0, male: 0, female: 0 },
  studentsPerLgea: [],
};
const everything = new Set<Operation>([
  "school.view",
  "lgea.view",
  "class.view",
  "staff.view",
  "student.view",
  "school.create",
  "staff.create",
  "student.upload",
  "wallet.fund",
]);

describe("the dashboard's figure cards", () => {
  it("open their lists", () => {
    expect(dashboardFigures(empty, everything).map((f) => [f.label, f.href])).toEqual([
      ["Schools", routes.schoolManagement],
      ["LGEAs", routes.lgaManagement],
      ["Classes", routes.classes],
      ["Staff", routes.staffManagement],
      ["Students", routes.admissionRegister],
    ]);
  });

  it("stay plain figures where the user may not open the list", () => {
    const figures = dashboardFigures(empty, new Set<Operation>(["school.view"]));
    expect(figures.filter((f) => f.href).map((f) => f.label)).toEqual(["Schools"]);
  });
});

describe("a new district's first steps", () => {
  it("are shown to the owner of an empty district, each a link", () => {
    const steps = firstSteps(empty, everything, true);
    expect(steps?.map((s) => [s.label, s.done, s.href])).toEqual([
      ["Add a school", false, routes.schoolManagement],
      ["Add staff", false, routes.newStaff],
      ["Upload pupils", false, routes.studentManagement],
      ["Fund the report-card wallet", false, routes.wallet],
    ]);
  });

  it("tick what is done and go once the district has schools, staff and pupils", () => {
    const schools = { ...empty, schools: 2 };
    expect(firstSteps(schools, everything, true)?.find((s) => s.label === "Add a school")?.done).toBe(true);
    const started = { ...schools, staff: { total: 3, teaching: 2, nonTeaching: 1 }, students: { total: 5, male: 2, female: 3 } };
    expect(firstSteps(started, everything, true)).toBeNull();
  });

  it("are not shown to anyone but the owner, and name a step the owner may not take without a link", () => {
    expect(firstSteps(empty, everything, false)).toBeNull();
    const steps = firstSteps(empty, new Set<Operation>(["school.create"]), true);
    expect(steps?.filter((s) => s.href).map((s) => s.label)).toEqual(["Add a school"]);
  });
});
