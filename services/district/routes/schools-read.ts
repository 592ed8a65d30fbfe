import { requestedDistrict } from "../queries/requested-district";
import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidParam } from "../../../lib/contract/fields";
import { schoolCategories, schoolRoleList, schoolSearchQuerySchema, type SchoolInformation, type SchoolSearchResult } from "../../../lib/contract/schools";
import { likeEscape } from "../../db/like-escape";
import { lgea, school, staff, student } from "../../db/schema";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { notFound } from "../../http/errors";
import { findSchool, holdersOf, schoolDetail, toCard } from "../queries/schools";

const tag = "Schools";
const idParams = z.object({ id: uuidParam });
const fullName = (h: { staff: { firstName: string; lastName: string } } | undefined) => (h ? `${h.staff.firstName} ${h.staff.lastName}` : null);

export function schoolReadRoutes({ route }: Api) {
  route({ method: "GET", path: "/school/category-list", summary: "The school categories: { categories }", tag, access: requires("school.view") }, (c) =>
    c.json({ categories: schoolCategories }),
  );
  route(
    {
      method: "GET",
      path: "/school/school-role-list",
      summary: "The roles a school's staff can hold (Principal, Vice Principal, …): { roles }",
      tag,
      access: requires("school.view"),
    },
    (c) => c.json({ roles: schoolRoleList }),
  );

  route(
    {
      method: "GET",
      path: "/school/local-government-list",
      summary: "The local governments a school of the caller's district may be in (those of its LGEAs), by name: { localGovernments }",
      tag,
      access: requires("school.view"),
    },
    async (c) => {
      const rows = await c
        .get("deps")
        .db.select({ name: lgea.localGovernment })
        .from(lgea)
        .where(eq(lgea.districtId, c.get("actor").districtId))
        .orderBy(asc(lgea.localGovernment));
      return c.json({ localGovernments: [...new Set(rows.map((r) => r.name))] });
    },
  );

  route(
    {
      method: "GET",
      path: "/school/search",
      summary:
        "The district's schools by name, a page at a time. Query: district (or district[0]; the caller's when left out), searchTerm (name, description or address), localGovernment, schoolCategory, limit (default 12), page. { foundSchools, total, page, limit }",
      tag,
      access: requires("school.view"),
      query: schoolSearchQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const districtId = await requestedDistrict(db, actor, query.district ?? query["district[0]"]);
      const pattern = `%${likeEscape(query.searchTerm.replace(/\s+/g, " "))}%`;
      const where = and(
        eq(school.districtId, districtId),
        query.searchTerm ? or(ilike(school.name, pattern), ilike(school.description, pattern), ilike(school.address, pattern)) : undefined,
        query.localGovernment ? eq(sql`lower(${school.localGovernment})`, query.localGovernment.toLowerCase()) : undefined,
        query.schoolCategory ? eq(school.category, query.schoolCategory) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(school).where(where);
      const rows = await db
        .select()
        .from(school)
        .where(where)
        .orderBy(asc(sql`lower(${school.name})`), asc(school.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return c.json({ foundSchools: rows.map(toCard), total: total?.n ?? 0, page: query.page, limit: query.limit } satisfies SchoolSearchResult);
    },
  );

  route(
    {
      method: "GET",
      path: "/school/get-by-district/:id",
      summary: "Every school of a district by name (limit, default 1000): { schools }",
      tag,
      access: requires("school.view"),
      params: idParams,
      query: z.object({ limit: z.coerce.number().int().min(1).max(100_000).default(1000) }),
    },
    async (c, { params, query }) => {
      const { db } = c.get("deps");
      await requestedDistrict(db, c.get("actor"), params.id);
      const rows = await db
        .select()
        .from(school)
        .where(eq(school.districtId, params.id))
        .orderBy(asc(sql`lower(${school.name})`), asc(school.id))
        .limit(query.limit);
      return c.json({ schools: rows.map(toCard) });
    },
  );

  route(
    {
      method: "GET",
      path: "/school/view/:id",
      summary: "A school with its LGEA and school roles: { school: SchoolDetail }",
      tag,
      access: requires("school.view"),
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const row = await findSchool(db, c.get("actor"), params.id);
      if (!row) throw notFound();
      return c.json({ school: await schoolDetail(db, row) });
    },
  );

  route(
    {
      method: "GET",
      path: "/school/get-school-information/:id",
      summary: "A school's figures for its info dialog: category, principal, vice principal, staff and student counts (spec §3 'School info')",
      tag,
      access: requires("school.view"),
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const row = await findSchool(db, c.get("actor"), params.id);
      if (!row) throw notFound();
      const [holders, [staffCount], [students]] = await Promise.all([
        holdersOf(db, row.id),
        db.select({ n: count() }).from(staff).where(eq(staff.schoolId, row.id)),
        db
          .select({
            total: count(),
            male: sql<number>`count(*) filter (where ${student.gender} = 'Male')`.mapWith(Number),
            female: sql<number>`count(*) filter (where ${student.gender} = 'Female')`.mapWith(Number),
          })
          .from(student)
          .where(eq(student.schoolId, row.id)),
      ]);
      const information: SchoolInformation = {
        category: row.category,
        principal: fullName(holders.find((h) => h.role === "Principal")),
        vicePrincipal: fullName(holders.find((h) => h.role === "Vice Principal")),
        staffCount: staffCount?.n ?? 0,
        studentCount: students?.total ?? 0,
        maleStudentCount: students?.male ?? 0,
        femaleStudentCount: students?.female ?? 0,
      };
      return c.json(information);
    },
  );
}
