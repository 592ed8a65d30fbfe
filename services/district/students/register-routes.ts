import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import {
  studentFiltersSchema,
  studentSearchQuerySchema,
  type StudentFiltersQuery,
  type StudentSearchAnswer,
  type StudentSearchTotal,
  type StudentSummary,
} from "../../../lib/contract/students";
import { requestedDistrict, scopeInDistrict } from "../../db/scope";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import type { Context } from "hono";
import type { ApiEnv } from "../../http/context";
import { countStudents, searchStudents, studentSummary, type StudentFilter } from "./search";

const tag = "Students";

/** The caller's scope placed in the district the call asks about (`district[0]`, the caller's when left out; 404 for one not theirs). */
async function listScope(c: Context<ApiEnv>, districtId: string | undefined) {
  const scope = c.get("scope");
  return scopeInDistrict(scope, await requestedDistrict(c.get("deps").db, scope, districtId));
}

/** The query's filters as the student queries take them. */
const filterOf = <Q extends StudentFiltersQuery>({ "district[0]": _district, ...filters }: Q): StudentFilter => filters;

const filtersText =
  "district[0]? (the caller's district when left out), searchTerm? (first and last name, middle name, admission number; case-insensitive), startDate?/endDate? (date of admission), stateOfResidence?, localGovernmentOfResidence?, stateOfOrigin?, localGovernmentOfOrigin?, accountStatus?, enrolmentStatus? (Enrolled when left out; 'all' for every status), school?, class?, gender?";

/** The admission register: its pages, its total (asked once per filter) and the students area's counts. The download is the spreadsheet engine's (spreadsheet.ts). */
export function studentRegisterRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/student/search",
      summary: `The admission register (spec §7). Query: ${filtersText}, limit? (1–1000, default 50), page?. { foundStudents: StudentListItem[], page, limit } by last and first name; the total is GET /student/search-total`,
      tag,
      access: requires("student.view"),
      query: studentSearchQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const { limit, page, ...filters } = query;
      const foundStudents = await searchStudents(db, await listScope(c, query["district[0]"]), filterOf(filters), page, limit);
      return c.json({ foundStudents, page, limit } satisfies StudentSearchAnswer);
    },
  );

  route(
    {
      method: "GET",
      path: "/student/search-total",
      summary:
        "How many pupils GET /student/search's filters select (the same query without limit and page): { total }. Asked once per filter, not with every page",
      tag,
      access: requires("student.view"),
      query: studentFiltersSchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      return c.json({ total: await countStudents(db, await listScope(c, query["district[0]"]), filterOf(query)) } satisfies StudentSearchTotal);
    },
  );

  route(
    {
      method: "GET",
      path: "/student/summary",
      summary:
        "The students area's counts of Enrolled pupils in the caller's scope: { total, bySchool: { id, name, count }[] (every school in scope, by name), byLevel: { level, count }[] (the class's level; 'No class' last), byGender: { gender, count }[] }. Query: district[0]? (the caller's when left out)",
      tag,
      access: requires("student.view"),
      query: z.object({ "district[0]": z.optional(uuidParam) }),
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      return c.json((await studentSummary(db, await listScope(c, query["district[0]"]))) satisfies StudentSummary);
    },
  );
}
