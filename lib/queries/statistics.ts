// The statistics' reads (README 'Adding a resource', step 8): the figures for the filters in the URL. Registers
// change every day, so the figures are asked for afresh when the page opens, and kept while it stays open.

import { keepPreviousData } from "@tanstack/react-query";
import type {
  ClassStatistics,
  EnrolmentStatistics,
  MovementStatistics,
  RetirementStatistics,
  SnapshotTaken,
  TeacherStatistics,
  TrendStatistics,
} from "../contract/statistics-values";
import { registerFilterQuery, registerFromQuery, type RegisterFilters } from "../register-url";
import { clientApi, districtApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

/** The statistics' filters, as the page's URL and GET /statistics/* name them, in this order. */
export const statisticsFilterKeys = ["session", "lgeaId", "schoolId", "category", "level", "gender"] as const;
export type StatisticsFilterKey = (typeof statisticsFilterKeys)[number];
export type StatisticsFilterValues = RegisterFilters<StatisticsFilterKey>;

export const statisticsFiltersFromQuery = (query: URLSearchParams) => registerFromQuery(statisticsFilterKeys, query);

/** The API's query for the filters, in the district worked in. */
export function statisticsQuery(districtId: string, filters: StatisticsFilterValues): URLSearchParams {
  const query = registerFilterQuery(statisticsFilterKeys, filters);
  query.set("district[0]", districtId);
  return query;
}

export const statisticsKeys = {
  all: ["statistics"] as const,
  enrolment: (districtId: string, filterKey: string) => ["statistics", "enrolment", districtId, filterKey] as const,
  teachers: (districtId: string, filterKey: string) => ["statistics", "teachers", districtId, filterKey] as const,
  classes: (districtId: string, filterKey: string) => ["statistics", "classes", districtId, filterKey] as const,
  retirements: (districtId: string, filterKey: string) => ["statistics", "retirements", districtId, filterKey] as const,
  movement: (districtId: string, filterKey: string) => ["statistics", "movement", districtId, filterKey] as const,
  trends: (districtId: string, filterKey: string) => ["statistics", "trends", districtId, filterKey] as const,
};

/** The trends follow every filter as far as their snapshots keep it, and the answer says which they do not (notFollowed). */
const trendsQuery = (districtId: string, filters: StatisticsFilterValues) => statisticsQuery(districtId, filters);

const filterKey = (filters: StatisticsFilterValues) => registerFilterQuery(statisticsFilterKeys, filters).toString();

export const statisticsReads = {
  /** GET /statistics/enrolment: pupils by school, LGEA, class and gender, and the parity index. */
  enrolment: (districtId: string, filters: StatisticsFilterValues) =>
    apiRead<EnrolmentStatistics>(
      statisticsKeys.enrolment(districtId, registerFilterQuery(statisticsFilterKeys, filters).toString()),
      `statistics/enrolment?${statisticsQuery(districtId, filters)}`,
    ),
  /** GET /statistics/teachers: staff by posting, type, gender and specialisation, and the pupil–teacher ratio. */
  teachers: (districtId: string, filters: StatisticsFilterValues) =>
    apiRead<TeacherStatistics>(statisticsKeys.teachers(districtId, filterKey(filters)), `statistics/teachers?${statisticsQuery(districtId, filters)}`),
  /** GET /statistics/classes: class arms against their capacity. */
  classes: (districtId: string, filters: StatisticsFilterValues) =>
    apiRead<ClassStatistics>(statisticsKeys.classes(districtId, filterKey(filters)), `statistics/classes?${statisticsQuery(districtId, filters)}`),
  /** GET /statistics/retirements: staff reaching their retirement point in the next five years, and those not counted. */
  retirements: (districtId: string, filters: StatisticsFilterValues) =>
    apiRead<RetirementStatistics>(statisticsKeys.retirements(districtId, filterKey(filters)), `statistics/retirements?${statisticsQuery(districtId, filters)}`),
  /** GET /statistics/movement: admissions, pupil moves and staff transfers in the session, by LGEA. */
  movement: (districtId: string, filters: StatisticsFilterValues) =>
    apiRead<MovementStatistics>(statisticsKeys.movement(districtId, filterKey(filters)), `statistics/movement?${statisticsQuery(districtId, filters)}`),
  /** GET /statistics/trends: the headline figures of every session with a snapshot, and the current one's now. */
  trends: (districtId: string, filters: StatisticsFilterValues) =>
    apiRead<TrendStatistics>(
      statisticsKeys.trends(districtId, trendsQuery(districtId, filters).toString()),
      `statistics/trends?${trendsQuery(districtId, filters)}`,
    ),
};

export const statisticsMutations = {
  /** POST /statistics/snapshot: the current session's snapshot for the district, replacing an earlier one of the session. */
  snapshot: (districtId: string) =>
    clientApi<SnapshotTaken>(`${districtApi("statistics/snapshot")}?${new URLSearchParams({ "district[0]": districtId })}`, { method: "POST" }),
};

export const useEnrolmentStatistics = (districtId: string, filters: StatisticsFilterValues) =>
  useApiRead(statisticsReads.enrolment(districtId, filters), { placeholderData: keepPreviousData, staleTime: 60_000 });

export const useTeacherStatistics = (districtId: string, filters: StatisticsFilterValues) =>
  useApiRead(statisticsReads.teachers(districtId, filters), { placeholderData: keepPreviousData, staleTime: 60_000 });

export const useClassStatistics = (districtId: string, filters: StatisticsFilterValues) =>
  useApiRead(statisticsReads.classes(districtId, filters), { placeholderData: keepPreviousData, staleTime: 60_000 });

export const useRetirementStatistics = (districtId: string, filters: StatisticsFilterValues) =>
  useApiRead(statisticsReads.retirements(districtId, filters), { placeholderData: keepPreviousData, staleTime: 60_000 });

export const useMovementStatistics = (districtId: string, filters: StatisticsFilterValues) =>
  useApiRead(statisticsReads.movement(districtId, filters), { placeholderData: keepPreviousData, staleTime: 60_000 });

export const useTrendStatistics = (districtId: string, filters: StatisticsFilterValues) =>
  useApiRead(statisticsReads.trends(districtId, filters), { placeholderData: keepPreviousData, staleTime: 60_000 });

/** GET /statistics/download with the filters on screen: every table as a sheet of one workbook (statistics.xlsx). */
export const statisticsDownloadHref = (districtId: string, filters: StatisticsFilterValues) =>
  `${districtApi("statistics/download")}?${statisticsQuery(districtId, filters)}`;
