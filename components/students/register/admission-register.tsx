"use client";

import { ArrowRightLeft, Download, Plus } from "lucide-react";
import { RegisterCount, RegisterPages, SelectionBar } from "@/components/register/register-parts";
import { useRegisterUrl } from "@/components/register/use-register-url";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { NavLink } from "@/components/ui/nav-link";
import { loadingTexts } from "@/lib/contract/notices";
import { keptSelection, useKeptSelection } from "@/lib/kept-selection";
import {
  STUDENT_PAGE_SIZE,
  studentDownloadHref,
  studentFilterKeys,
  studentFiltersFromQuery,
  useStudentRegister,
  useStudentTotal,
} from "@/lib/queries/students";
import { routes } from "@/lib/routes";
import { AdmittedNotice } from "./admitted-notice";
import { StudentFilterBar } from "./student-filters";
import { StudentTable } from "./student-table";

const primary =
  "inline-flex min-h-11 items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:opacity-90 focus-visible:outline-2 focus-visible:outline-primary";
const secondary =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-card px-4 py-2 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary";

type Props = {
  districtId: string;
  can: { create: boolean; download: boolean; move: boolean; schools: boolean; classes: boolean };
};

/**
 * The admission register (spec §3, §7 'Students'): filters in the URL, 1,000 pupils a page in a
 * virtualised table, the total asked once per filter, the download as filtered, and a selection kept
 * for group moves (across pages, filters and reloads; lib/kept-selection.ts, key "students").
 */
export function AdmissionRegister({ districtId, can }: Props) {
  const { filters, page, go } = useRegisterUrl(studentFilterKeys, studentFiltersFromQuery);
  const results = useStudentRegister(districtId, filters, page);
  const counted = useStudentTotal(districtId, filters);
  const selection = useKeptSelection("students");
  const total = counted.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STUDENT_PAGE_SIZE));
  const rows = results.data?.foundStudents ?? [];

  return (
    <div className="flex flex-col gap-4">
      <AdmittedNotice />
      <div className="flex flex-wrap justify-end gap-2">
        {can.download ? (
          // The list as filtered on screen (a plain link: the register does not load the upload panel).
          <a href={studentDownloadHref(districtId, filters)} download="students.xlsx" className={secondary}>
            <Download size={16} aria-hidden /> Download students
          </a>
        ) : null}
        {can.move ? (
          <NavLink href={routes.studentMoves} className={secondary}>
            <ArrowRightLeft size={16} aria-hidden /> Group moves
          </NavLink>
        ) : null}
        {can.create ? (
          <NavLink href={routes.newStudent} className={primary}>
            <Plus size={16} aria-hidden /> Admit a student
          </NavLink>
        ) : null}
      </div>
      <StudentFilterBar
        districtId={districtId}
        filters={filters}
        onChange={(change) => go({ ...filters, ...change })}
        can={{ schools: can.schools, classes: can.classes }}
      />
      {can.move ? (
        <SelectionBar count={selection.count} action={{ href: routes.studentMove, label: "Move selected" }} onClear={keptSelection("students").clear} />
      ) : null}
      {results.isPending ? <LoadingOverlay text={loadingTexts.students} /> : null}
      {results.isError ? <p role="alert">{results.error.message}</p> : null}
      {results.data ? (
        <>
          <RegisterCount total={counted.data?.total} none="No student matches." one="student" many="students" />
          {rows.length > 0 ? (
            <div className={results.isPlaceholderData ? "opacity-60" : ""}>
              <StudentTable
                rows={rows}
                caption={`Students, page ${page} of ${pages}`}
                selection={can.move ? { isSelected: selection.has, onSelect: keptSelection("students").set } : null}
              />
            </div>
          ) : null}
          <RegisterPages label="Pages of students" page={page} pages={pages} onPage={(next) => go(filters, next)} />
        </>
      ) : null}
    </div>
  );
}
