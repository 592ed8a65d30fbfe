"use client";

import { SpreadsheetPanel } from "@/components/import/spreadsheet-panel";
import { schoolSpreadsheets } from "@/lib/queries/schools";
import { routes } from "@/lib/routes";

/** Many schools at once: the template, the two-step upload with its preview, and the district's schools as schools.xlsx. */
export function SchoolSpreadsheets({ canUpload, canDownload }: { canUpload: boolean; canDownload: boolean }) {
  return (
    <SpreadsheetPanel
      api={schoolSpreadsheets}
      noun={["school", "schools"]}
      done={routes.schoolManagement}
      canUpload={canUpload}
      download={canDownload ? { href: schoolSpreadsheets.downloadHref, filename: "schools.xlsx" } : null}
    />
  );
}
