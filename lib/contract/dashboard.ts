/** GET /district/get-dashboard-information/{id}: the district's figures for the dashboard. */
export type DashboardInformation = {
  schools: number;
  lgeas: number;
  classes: number;
  staff: { total: number; teaching: number; nonTeaching: number };
  students: { total: number; male: number; female: number };
  /** Students of each LGEA's schools, largest first; schools without an LGEA count under "No LGEA". */
  studentsPerLgea: { lgea: string; students: number }[];
};
