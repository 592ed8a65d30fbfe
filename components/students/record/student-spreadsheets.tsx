"use client";

import { SpreadsheetPanel } from "@/components/import/spreadsheet-panel";
import { studentSpreadsheets } from "@/lib/queries/students";
import { routes } from "@/lib/routes";

type Props = {
  canUpload: boolean;
  /** The download of the register as filtered (GET /student/download, students.xlsx), where the page offers it; none by default. */
  download?: { href: string; filename: string } | null;
};

/**
 * Many pupils at once (spec §4 'Bulk upload'): the template (the school's classes and the allowed values),
 * the two-step upload with its preview grid to fix or drop rows, and the confirm that creates them all or
 * none: 'Multiple Students Upload Successfully', 1.5 s, then the admission register.
 */
export function StudentSpreadsheets({ canUpload, download = null }: Props) {
  return (
    <SpreadsheetPanel api={studentSpreadsheets} noun={["student", "students"]} done={routes.admissionRegister} canUpload={canUpload} download={download} />
  );
}
