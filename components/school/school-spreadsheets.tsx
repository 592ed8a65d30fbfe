"use client";

import { SpreadsheetPanel } from "@/components/import/spreadsheet-panel";
import { schoolDownloadHref, schoolSpreadsheets } from "@/lib/queries/schools";
import { routes } from "@/lib/routes";

/** Many schools at once: the template, the two-step upload with its preview, and the district's schools as schools.xlsx. */
export function SchoolSpreadsheets({ districtId, canUpload, canDownload }: { districtId: string; canUpload: boolean; canDownload: boolean }) {
  return (
    <SpreadsheetPanel
      api={schoolSpreadsheets}
      noun={["school", "schools"]}
      done={routes.schoolManagement}
      canUpload={canUpload}
      download={canDownload ? { href: schoolDownloadHref(districtId), filename: "schools.xlsx" } : null}
    />
  );
}
