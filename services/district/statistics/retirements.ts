import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  DISTRICT_OFFICE,
  NO_LGEA,
  NO_SPECIALISATION,
  RETIREMENT_LIST_LIMIT,
  RETIREMENT_YEARS,
  type RetirementCounts,
  type RetirementNotCounted,
  type RetirementRule,
  type RetirementStatistics,
  type RetirementsByLgea,
  type RetirementsBySpecialisation,
  type StatisticsFilters,
} from "../../../lib/contract/statistics";
import type { Reader } from "../../db/client";
import { lgea, school, staff } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import type { StatisticsMoment } from "./reach";
import { postedStaff, teaching } from "./teachers";

export type RetirementRules = { teaching: RetirementRule; nonTeaching: RetirementRule };

/** Whole years as an SQL interval; the rules are whole numbers from the configuration, written into the statement. */
const years = (n: number) => {
  if (!Number.isInteger(n) || n <= 0) throw new Error("A retirement rule is a positive whole number of years.");
  return sql.raw(`interval '${n} years'`);
};

/** The day a staff member reaches their retirement point (null when a date is missing), by their staff type's rule. */
function retirementDay(rules: RetirementRules): SQL<string | null> {
  const at = (rule: RetirementRule) => sql`least(${staff.dob} + ${years(rule.age)}, ${staff.dateOfFirstAppointment} + ${years(rule.serviceYears)})::date`;
  return sql`case when ${staff.staffType} = 'Teaching' then ${at(rules.teaching)} else ${at(rules.nonTeaching)} end`;
}

const zero = (): RetirementCounts => ({ past: 0, byYear: Array.from({ length: RETIREMENT_YEARS }, () => 0), total: 0 });

/**
 * Retirements (issue: statistics): staff posted in reach reaching their statutory retirement point, already past
 * it or in each of the next five calendar years, counted in the database by LGEA of posting, staff type, area of
 * specialisation and year; those missing a date of birth or of first appointment are counted apart and listed.
 */
export async function retirementStatistics(
  db: Reader,
  scope: StaffScope,
  filters: StatisticsFilters,
  at: StatisticsMoment,
  rules: RetirementRules,
  now = new Date(),
): Promise<RetirementStatistics> {
  const today = now.toISOString().slice(0, 10);
  const first = now.getUTCFullYear();
  const shown = Array.from({ length: RETIREMENT_YEARS }, (_, i) => first + i);
  const day = retirementDay(rules);
  const missing = or(isNull(staff.dob), isNull(staff.dateOfFirstAppointment));
  // 0: already past; a year; null: a date missing. Later years than those shown are not read.
  const bucket = sql<number | null>`case when ${missing} then null when ${day} < ${today}::date then 0 else extract(year from ${day})::int end`.mapWith(
    (v: unknown) => (v === null ? null : Number(v)),
  );
  const lgeaOfPosting = sql<string | null>`coalesce(${school.lgeaId}, ${staff.lgeaId})`;
  const withinShown = or(missing, sql`${day} < make_date(${first + RETIREMENT_YEARS}, 1, 1)`);

  const [groups, offices, notCounted, [counted]] = await Promise.all([
    db
      .select({ lgeaId: lgeaOfPosting, teaching, area: staff.areaOfSpecialization, bucket, n: sql<number>`count(*)`.mapWith(Number) })
      .from(staff)
      .leftJoin(school, eq(school.id, staff.schoolId))
      .where(and(within(scope, staff), postedStaff(scope, filters), withinShown))
      // By position: the bucket's expression carries parameters, which the database does not match between select and group by.
      .groupBy(sql`1`, sql`2`, sql`3`, sql`4`),
    db.select({ id: lgea.id, name: lgea.name }).from(lgea).where(within(scope, lgea)),
    db
      .select({
        staffId: staff.id,
        firstName: staff.firstName,
        lastName: staff.lastName,
        staffType: staff.staffType,
        dob: staff.dob,
        firstAppointment: staff.dateOfFirstAppointment,
        school: school.name,
        lgeaId: staff.lgeaId,
      })
      .from(staff)
      .leftJoin(school, eq(school.id, staff.schoolId))
      .where(and(within(scope, staff), postedStaff(scope, filters), missing))
      .orderBy(asc(sql`lower(${staff.lastName})`), asc(sql`lower(${staff.firstName})`), asc(staff.id))
      .limit(RETIREMENT_LIST_LIMIT),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(staff)
      .where(and(within(scope, staff), postedStaff(scope, filters), missing)),
  ]);

  const lgeaName = new Map(offices.map((o) => [o.id, o.name]));
  const totals = { teaching: zero(), nonTeaching: zero() };
  const perLgea = new Map<string, RetirementsByLgea>();
  const perArea = new Map<string, RetirementsBySpecialisation>();
  const count = (into: RetirementCounts, year: number, n: number) => {
    if (year === 0) into.past += n;
    else into.byYear[year - first] = (into.byYear[year - first] ?? 0) + n;
    into.total += n;
  };
  for (const g of groups) {
    if (g.bucket === null) continue;
    const staffType = g.teaching ? "Teaching" : "Non-Teaching";
    count(g.teaching ? totals.teaching : totals.nonTeaching, g.bucket, g.n);
    const lgeaLabel = g.lgeaId ? (lgeaName.get(g.lgeaId) ?? NO_LGEA) : DISTRICT_OFFICE;
    const lgeaKey = `${g.lgeaId ?? ""}|${staffType}`;
    const lgeaRow = perLgea.get(lgeaKey) ?? { lgeaId: g.lgeaId, lgea: lgeaLabel, staffType, ...zero() };
    count(lgeaRow, g.bucket, g.n);
    perLgea.set(lgeaKey, lgeaRow);
    const area = g.area?.trim() || NO_SPECIALISATION;
    const areaKey = `${area}|${staffType}`;
    const areaRow = perArea.get(areaKey) ?? { area, staffType, ...zero() };
    count(areaRow, g.bucket, g.n);
    perArea.set(areaKey, areaRow);
  }
  const byType = (a: { staffType: string }, b: { staffType: string }) => (a.staffType === b.staffType ? 0 : a.staffType === "Teaching" ? -1 : 1);
  const listed: RetirementNotCounted[] = notCounted.map((s) => ({
    staffId: s.staffId,
    name: `${s.lastName}, ${s.firstName}`,
    posting: s.school ?? (s.lgeaId ? (lgeaName.get(s.lgeaId) ?? NO_LGEA) : DISTRICT_OFFICE),
    staffType: s.staffType === "Teaching" ? "Teaching" : "Non-Teaching",
    missing: [...(s.dob ? [] : (["Date of birth"] as const)), ...(s.firstAppointment ? [] : (["Date of first appointment"] as const))],
  }));
  return {
    session: at.session,
    computedAt: now.toISOString(),
    reach: at.reach,
    rules,
    years: shown,
    totals,
    byLgea: [...perLgea.values()].sort(
      (a, b) => byType(a, b) || Number(a.lgeaId === null) - Number(b.lgeaId === null) || a.lgea.localeCompare(b.lgea, "en", { sensitivity: "base" }),
    ),
    bySpecialisation: [...perArea.values()].sort((a, b) => byType(a, b) || b.total - a.total || a.area.localeCompare(b.area)),
    notCounted: listed,
    notCountedTotal: counted?.n ?? 0,
  };
}
