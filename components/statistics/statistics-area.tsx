"use client";

import { Download, Printer } from "lucide-react";
import { useRegisterUrl } from "@/components/register/use-register-url";
import { statisticsDefinitions, statisticsMessages as m, type StatisticsReach } from "@/lib/contract/statistics-values";
import {
  statisticsFilterKeys,
  statisticsDownloadHref,
  statisticsFiltersFromQuery,
  useClassStatistics,
  useEnrolmentStatistics,
  useMovementStatistics,
  useRetirementStatistics,
  useTeacherStatistics,
  useTrendStatistics,
} from "@/lib/queries/statistics";
import { ClassesSection } from "./classes-section";
import { EnrolmentSection } from "./enrolment-section";
import { MovementSection } from "./movement-section";
import { RetirementsSection } from "./retirements-section";
import { SectionState } from "./section-state";
import { StatisticsFilters } from "./statistics-filters";
import { TeachersSection } from "./teachers-section";
import { TrendsSection } from "./trends-section";

const secondary =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-card px-4 py-2 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary";

const levelName = { district: "the district", lgea: "the LGEA", school: "the school" } as const;

/** When and for whom the figures were computed, said once above them and printed with them. */
function ComputedFor({ figures }: { figures: { computedAt: string; reach: StatisticsReach; session: string; currentSession?: string } }) {
  const when = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Lagos" }).format(new Date(figures.computedAt));
  return (
    <p className="text-sm" data-testid="computed-for">
      Computed {when} (Lagos time) for <strong>{figures.reach.name}</strong> ({levelName[figures.reach.level]}), session <strong>{figures.session}</strong>
      {figures.currentSession && figures.session === figures.currentSession ? " (current)" : ""}.
    </p>
  );
}

/**
 * The statistics area (issue: statistics): the filters in the URL, the figures for the caller's reach, and what
 * each figure means. The page reads the figures on the server and hydrates them (app/(main)/administration/statistics/page.tsx);
 * a change of filters reads them here.
 */
export function StatisticsArea({ districtId }: { districtId: string }) {
  const { filters, go } = useRegisterUrl(statisticsFilterKeys, statisticsFiltersFromQuery);
  const enrolment = useEnrolmentStatistics(districtId, filters);
  const teachers = useTeacherStatistics(districtId, filters);
  const classes = useClassStatistics(districtId, filters);
  const retirements = useRetirementStatistics(districtId, filters);
  const movement = useMovementStatistics(districtId, filters);
  const trends = useTrendStatistics(districtId, filters);
  const figures = enrolment.data;
  return (
    <div className="flex flex-col gap-5" data-statistics>
      <div className="flex flex-wrap justify-end gap-2 print:hidden">
        {/* Every table as filtered on screen, one sheet each, streamed by the API. */}
        <a href={statisticsDownloadHref(districtId, filters)} download="statistics.xlsx" className={secondary}>
          <Download size={16} aria-hidden /> Download all tables
        </a>
        <button type="button" className={secondary} onClick={() => window.print()}>
          <Printer size={16} aria-hidden /> Print
        </button>
      </div>
      <StatisticsFilters filters={filters} onChange={(next) => go(next)} choices={figures?.choices ?? null} currentSession={figures?.currentSession ?? null} />
      {enrolment.isPending ? (
        <p role="status" className="rounded-lg border border-border bg-card p-6 text-center text-sm">
          {m.loading}
        </p>
      ) : null}
      {enrolment.isError ? <p role="alert">{enrolment.error.message}</p> : null}
      {figures ? (
        <div className={`flex flex-col gap-5 ${enrolment.isPlaceholderData ? "opacity-60" : ""}`} aria-busy={enrolment.isFetching}>
          <ComputedFor figures={figures} />
          <EnrolmentSection figures={figures} />
        </div>
      ) : null}
      <SectionState read={teachers} title="Teachers" id="teachers">
        {(data) => (
          <>
            <ComputedFor figures={data} />
            <TeachersSection figures={data} />
          </>
        )}
      </SectionState>
      <SectionState read={classes} title="Classes" id="classes">
        {(data) => (
          <>
            <ComputedFor figures={data} />
            <ClassesSection figures={data} />
          </>
        )}
      </SectionState>
      <SectionState read={retirements} title="Retirements" id="retirements">
        {(data) => (
          <>
            <ComputedFor figures={data} />
            <RetirementsSection figures={data} />
          </>
        )}
      </SectionState>
      <SectionState read={movement} title="Movement" id="movement">
        {(data) => (
          <>
            <ComputedFor figures={data} />
            <MovementSection figures={data} />
          </>
        )}
      </SectionState>
      <SectionState read={trends} title="Trends" id="trends">
        {(data) => <TrendsSection figures={data} districtId={districtId} />}
      </SectionState>
      <section aria-labelledby="definitions-heading" className="rounded-lg border border-border bg-card p-4 text-sm break-inside-avoid">
        <h2 id="definitions-heading" className="mb-2 text-base font-semibold">
          What the figures mean
        </h2>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {Object.values(statisticsDefinitions).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
