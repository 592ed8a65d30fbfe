import type { Context } from "hono";
import {
  statisticsQuerySchema,
  type ClassStatistics,
  type EnrolmentStatistics,
  type MovementStatistics,
  type RetirementStatistics,
  type StatisticsFilters,
  type TeacherStatistics,
} from "../../../lib/contract/statistics";
import { classStatistics } from "./classes";
import { teacherStatistics } from "./teachers";
import { requestedDistrict, scopeInDistrict } from "../../db/scope";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import type { ApiEnv } from "../../http/context";
import { enrolmentStatistics } from "./enrolment";
import { chosenSession, reachOf } from "./reach";
import { statisticsSheets } from "./download";
import { movementStatistics } from "./movement";
import { xlsxResponse } from "../../spreadsheet/respond";
import { retirementStatistics, type RetirementRules } from "./retirements";
import type { ServiceConfig } from "../../config";
import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import { trendMessages, type SnapshotTaken, type TrendStatistics } from "../../../lib/contract/statistics";
import { AppError } from "../../http/errors";
import { sessionBounds } from "../../../lib/contract/configuration-values";
import { takeSnapshot, trendStatistics } from "./trends";

const snapshotQuerySchema = z.object({ "district[0]": z.optional(uuidParam) });

const tag = "Statistics";

const filtersText =
  "Query: district[0]? (the caller's district when left out; another only for a super administrator), session? (e.g. 2026/2027; the district's current session when left out, never a later one), lgeaId?, schoolId?, category? (a school category), level? (Pre-primary, Primary, Junior Secondary, Senior Secondary), gender? (Male or Female). The figures cover the caller's reach (the district, their LGEA's schools or their school) and say when and for whom they were computed";

/** The statutory retirement points, as configured. */
const retirementRules = (config: ServiceConfig): RetirementRules => ({
  teaching: { age: config.RETIREMENT_TEACHING_AGE, serviceYears: config.RETIREMENT_TEACHING_SERVICE_YEARS },
  nonTeaching: { age: config.RETIREMENT_OTHER_AGE, serviceYears: config.RETIREMENT_OTHER_SERVICE_YEARS },
});

/** The caller's scope in the district asked about, the session, the reach's name and the district's pupil–teacher threshold. */
async function statisticsContext(c: Context<ApiEnv>, query: StatisticsFilters) {
  const { db } = c.get("deps");
  const caller = c.get("scope");
  const scope = scopeInDistrict(caller, await requestedDistrict(db, caller, query["district[0]"]));
  const [{ threshold, ...session }, reach] = await Promise.all([chosenSession(db, scope, query.session), reachOf(db, scope)]);
  return { db, scope, at: { ...session, reach }, threshold };
}

/** The figures a district reports upward (issue: statistics), for the caller's reach. */
export function statisticsRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/statistics/enrolment",
      summary: `Enrolment: enrolled pupils by school, LGEA, class type, level and (for one school) class arm, by gender, with totals, and the gender parity index (female ÷ male, null when there are no male pupils, flagged outside 0.97–1.03) per level and per LGEA. ${filtersText}. EnrolmentStatistics`,
      tag,
      access: requires("statistics.view"),
      query: statisticsQuerySchema,
    },
    async (c, { query }) => {
      const { db, scope, at } = await statisticsContext(c, query);
      return c.json((await enrolmentStatistics(db, scope, query, at)) satisfies EnrolmentStatistics);
    },
  );

  route(
    {
      method: "GET",
      path: "/statistics/teachers",
      summary: `Teachers: teaching and non-teaching staff by school and LGEA (and the LGEA and district offices), by gender and by area of specialisation; the pupil–teacher ratio (enrolled pupils ÷ teaching staff posted there, null without a teacher) per school and LGEA, schools above the district's threshold (its configuration's pupilTeacherThreshold) first. The level filter keeps the schools whose category teaches that level and the staff posted there (not the offices' staff); the ratio counts every pupil of the school. ${filtersText}. TeacherStatistics`,
      tag,
      access: requires("statistics.view"),
      query: statisticsQuerySchema,
    },
    async (c, { query }) => {
      const { db, scope, at, threshold } = await statisticsContext(c, query);
      return c.json((await teacherStatistics(db, scope, query, at, threshold)) satisfies TeacherStatistics);
    },
  );

  route(
    {
      method: "GET",
      path: "/statistics/classes",
      summary: `Classes: enrolled pupils per class arm against its capacity; the over-capacity arms in reach, most over first, and every arm of one school (its reach or schoolId). The gender filter does not apply. ${filtersText}. ClassStatistics`,
      tag,
      access: requires("statistics.view"),
      query: statisticsQuerySchema,
    },
    async (c, { query }) => {
      const { db, scope, at } = await statisticsContext(c, query);
      return c.json((await classStatistics(db, scope, query, at)) satisfies ClassStatistics);
    },
  );

  route(
    {
      method: "GET",
      path: "/statistics/retirements",
      summary: `Retirements: staff posted in reach reaching their statutory retirement point (the earlier of the age and the years of service since first appointment: teachers 65 or 40, other staff 60 or 35, as configured) already past it and in each of the next five calendar years, by LGEA and area of specialisation, teaching and non-teaching apart; staff missing a date of birth or of first appointment counted apart and listed. The level filter keeps staff posted at schools whose category teaches that level (not the offices' staff), as for the teachers. ${filtersText}. RetirementStatistics`,
      tag,
      access: requires("statistics.view"),
      query: statisticsQuerySchema,
    },
    async (c, { query }) => {
      const { db, scope, at } = await statisticsContext(c, query);
      return c.json((await retirementStatistics(db, scope, query, at, retirementRules(c.get("deps").config))) satisfies RetirementStatistics);
    },
  );

  route(
    {
      method: "GET",
      path: "/statistics/movement",
      summary: `Movement: in the session, pupils admitted (by date of admission, by gender), pupils moved by group moves not undone and staff transferred (by effective date), in and out of each LGEA in reach (the LGEA and district offices included without a school filter); totals count moves into and out of the whole reach. The level filter applies to admissions only. ${filtersText}. MovementStatistics`,
      tag,
      access: requires("statistics.view"),
      query: statisticsQuerySchema,
    },
    async (c, { query }) => {
      const { db, scope, at } = await statisticsContext(c, query);
      return c.json((await movementStatistics(db, scope, query, at)) satisfies MovementStatistics);
    },
  );

  route(
    {
      method: "GET",
      path: "/statistics/trends",
      summary: `Trends: the headline figures (enrolled pupils by gender and level with the gender parity index, teaching staff by gender, non-teaching staff, the pupil–teacher ratio) of the reach, or of the LGEA or school named by lgeaId or schoolId within it, for every session with a snapshot, oldest first, then the current session's as they stand now (live). A snapshot keeps pupils by level and gender, teaching staff by gender and non-teaching staff as one number, so the level narrows the pupils only, the gender the pupils and teaching staff (non-teaching: null), the pupil–teacher ratio counts everyone, and the session and category filters do not apply; notFollowed lists the filters set that are not followed or only in part. ${filtersText}. TrendStatistics`,
      tag,
      access: requires("statistics.view"),
      query: statisticsQuerySchema,
    },
    async (c, { query }) => {
      const { db, scope, at, threshold } = await statisticsContext(c, { ...query, session: "" });
      return c.json((await trendStatistics(db, scope, query, at, threshold)) satisfies TrendStatistics);
    },
  );

  route(
    {
      method: "POST",
      path: "/statistics/snapshot",
      summary:
        "Takes the current session's snapshot of the headline figures for the whole district, each LGEA and each school, as the trends keep them. One snapshot per session: taking it again replaces the earlier one (the latest figures of the session are the ones kept; an earlier session's snapshot is never retaken, since its registers have moved on). District level only (403 below it). Query: district[0]? (the caller's district when left out; another only for a super administrator). SnapshotTaken",
      tag,
      access: requires("statistics.view"),
      query: snapshotQuerySchema,
    },
    async (c, { query }) => {
      const caller = c.get("scope");
      if (caller.level !== "district") throw new AppError("forbidden", trendMessages.districtOnly);
      const { db, scope, at } = await statisticsContext(c, { "district[0]": query["district[0]"] });
      const taken = await takeSnapshot(db, scope, at.current, at.end, caller.staffId);
      return c.json(taken satisfies SnapshotTaken, 201);
    },
  );

  route(
    {
      method: "GET",
      path: "/statistics/download",
      summary: `Every statistics table (enrolment, teachers, classes, retirements, movement, trends) as a sheet of one workbook (statistics.xlsx), with a first sheet saying when, for whom and with which filters they were computed and what they mean; every cell is text, the value the API answers (not computable: empty; flags: Yes or No). ${filtersText}`,
      tag,
      access: requires("statistics.view"),
      query: statisticsQuerySchema,
    },
    async (c, { query }) => {
      const { db, scope, at, threshold } = await statisticsContext(c, query);
      const rules = retirementRules(c.get("deps").config);
      // The trends end with the current session, whichever session the other tables are for.
      const now = at.session === at.current ? at : { ...at, session: at.current, end: sessionBounds(at.current)?.end ?? at.end };
      const [enrolment, teachers, classes, retirements, movement, trends] = await Promise.all([
        enrolmentStatistics(db, scope, query, at),
        teacherStatistics(db, scope, query, at, threshold),
        classStatistics(db, scope, query, at),
        retirementStatistics(db, scope, query, at, rules),
        movementStatistics(db, scope, query, at),
        trendStatistics(db, scope, query, now, threshold),
      ]);
      return xlsxResponse(c, "statistics.xlsx", statisticsSheets({ enrolment, teachers, classes, retirements, movement, trends }, query));
    },
  );
}
