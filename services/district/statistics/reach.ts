import { and, asc, eq, sql } from "drizzle-orm";
import { defaultPupilTeacherThreshold, sessionBounds } from "../../../lib/contract/configuration-values";
import { statisticsMessages, type StatisticsChoices, type StatisticsReach } from "../../../lib/contract/statistics-values";
import type { Reader } from "../../db/client";
import { district, districtConfiguration, lgea, school } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { AppError } from "../../http/errors";

/** The session the figures are for, its last day, the district's current session, and the reach. */
export type StatisticsMoment = { session: string; current: string; end: string; reach: StatisticsReach };

/** The LGEAs and schools in reach, in name order, whatever the filters: what the filters offer. */
export async function choicesOf(db: Reader, scope: StaffScope): Promise<StatisticsChoices> {
  const [lgeas, schools] = await Promise.all([
    db
      .select({ id: lgea.id, name: lgea.name })
      .from(lgea)
      .where(within(scope, lgea))
      .orderBy(asc(sql`lower(${lgea.name})`)),
    db
      .select({ id: school.id, name: school.name, lgeaId: school.lgeaId })
      .from(school)
      .where(within(scope, school))
      .orderBy(asc(sql`lower(${school.name})`)),
  ]);
  return { lgeas, schools };
}

/** Whom the figures were computed for: the district, the caller's LGEA or school, by name. */
export async function reachOf(db: Reader, scope: StaffScope): Promise<StatisticsReach> {
  const table = scope.level === "district" ? district : scope.level === "lgea" ? lgea : school;
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.id, scope.organizationId), within(scope, table)));
  return { level: scope.level, name: row?.name ?? "" };
}

/**
 * The session asked about and its last day: the district's current one when left out. A later session
 * than the current is refused, since its registers do not exist yet. With them, the district's
 * pupil–teacher threshold (its configuration's; the default where there were none).
 */
export async function chosenSession(db: Reader, scope: StaffScope, requested: string | undefined) {
  const [config] = await db
    .select({ session: districtConfiguration.academicSession, threshold: districtConfiguration.pupilTeacherThreshold })
    .from(districtConfiguration)
    .where(and(eq(districtConfiguration.districtId, scope.districtId), within(scope, districtConfiguration)));
  const current = config?.session ?? "";
  const session = requested || current;
  const bounds = sessionBounds(session);
  if (!bounds || (current && session > current))
    throw new AppError("bad_request", statisticsMessages.futureSession, [{ path: "session", message: statisticsMessages.futureSession }]);
  return { session, current, end: bounds.end, threshold: config?.threshold ?? defaultPupilTeacherThreshold };
}
