import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { DashboardInformation } from "../../../lib/contract/dashboard";
import { uuidParam } from "../../../lib/contract/fields";
import { district, lgea, school, schoolClass, staff, student } from "../../db/schema";
import { assertSameDistrict, requires } from "../../http/access";
import type { Api } from "../../http/api";
import { notFound } from "../../http/errors";

export function dashboardRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/district/get-dashboard-information/:id",
      summary: "The district's figures: schools, LGEAs, classes, staff by type, students by gender, students per LGEA",
      tag: "District",
      access: requires("district.view"),
      params: z.object({ id: uuidParam }),
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      assertSameDistrict(c.get("actor"), params.id);
      const [found] = await db.select({ id: district.id }).from(district).where(eq(district.id, params.id));
      if (!found) throw notFound();
      const inDistrict = params.id;
      const [[schools], [lgeas], [classes], [staffCounts], [studentCounts], perLgea] = await Promise.all([
        db.select({ n: count() }).from(school).where(eq(school.districtId, inDistrict)),
        db.select({ n: count() }).from(lgea).where(eq(lgea.districtId, inDistrict)),
        db.select({ n: count() }).from(schoolClass).where(eq(schoolClass.districtId, inDistrict)),
        db
          .select({
            total: count(),
            teaching: sql<number>`count(*) filter (where ${staff.staffType} = 'Teaching')`.mapWith(Number),
          })
          .from(staff)
          .where(and(eq(staff.districtId, inDistrict), eq(staff.isSuperAdmin, false))),
        db
          .select({
            total: count(),
            male: sql<number>`count(*) filter (where ${student.gender} = 'Male')`.mapWith(Number),
            female: sql<number>`count(*) filter (where ${student.gender} = 'Female')`.mapWith(Number),
          })
          .from(student)
          .where(eq(student.districtId, inDistrict)),
        db
          .select({ lgea: sql<string>`coalesce(${lgea.name}, 'No LGEA')`, students: count(student.id) })
          .from(student)
          .innerJoin(school, eq(school.id, student.schoolId))
          .leftJoin(lgea, eq(lgea.id, school.lgeaId))
          .where(eq(student.districtId, inDistrict))
          .groupBy(lgea.name)
          .orderBy(desc(count(student.id))),
      ]);
      const information: DashboardInformation = {
        schools: schools?.n ?? 0,
        lgeas: lgeas?.n ?? 0,
        classes: classes?.n ?? 0,
        staff: { total: staffCounts?.total ?? 0, teaching: staffCounts?.teaching ?? 0, nonTeaching: (staffCounts?.total ?? 0) - (staffCounts?.teaching ?? 0) },
        students: { total: studentCounts?.total ?? 0, male: studentCounts?.male ?? 0, female: studentCounts?.female ?? 0 },
        studentsPerLgea: perLgea,
      };
      return c.json(information);
    },
  );
}
