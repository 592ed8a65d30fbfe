"use client";

import { Download, FileSpreadsheet, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "@/lib/notify";
import { ImportPreview } from "@/components/import/import-preview";
import { Button } from "@/components/ui/button";
import { importMessages, MAX_SPREADSHEET_BYTES, SPREADSHEET_ACCEPT, type ImportRowsPage } from "@/lib/contract/imports";
import { loadingTexts } from "@/lib/contract/messages";
import { schoolSpreadsheets } from "@/lib/queries/schools";
import { routes } from "@/lib/routes";
import { uploadWithProgress } from "@/lib/upload-with-progress";
import { useSuccessRedirect } from "@/lib/use-success-redirect";

const link =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-card px-4 py-2 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary";

/** Many schools at once: the template, the two-step upload with its preview, and the district's schools as schools.xlsx. */
export function SchoolSpreadsheets({ canUpload, canDownload }: { canUpload: boolean; canDownload: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [staged, setStaged] = useState<ImportRowsPage | null>(null);
  const succeed = useSuccessRedirect();

  const send = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (file.size > MAX_SPREADSHEET_BYTES) return void toast.error(importMessages.tooLarge);
    const form = new FormData();
    form.append("file", file, file.name);
    setProgress(0);
    try {
      setStaged(await uploadWithProgress<ImportRowsPage>(schoolSpreadsheets.uploadUrl, form, setProgress));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  if (!canUpload && !canDownload) return null;
  return (
    <section aria-label="Schools spreadsheets" className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {canDownload ? (
          <a href={schoolSpreadsheets.downloadHref} download="schools.xlsx" className={link}>
            <Download size={16} aria-hidden /> Download schools
          </a>
        ) : null}
        {canUpload ? (
          <>
            <a href={schoolSpreadsheets.templateHref} download="schools-template.xlsx" className={link}>
              <FileSpreadsheet size={16} aria-hidden /> Template
            </a>
            <input
              ref={input}
              type="file"
              accept={SPREADSHEET_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(event) => void send(event.target.files?.[0])}
            />
            <Button variant="secondary" onClick={() => input.current?.click()} disabled={progress !== null}>
              <Upload size={16} aria-hidden /> Upload schools
            </Button>
          </>
        ) : null}
      </div>
      {progress !== null ? (
        <div role="status" className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4">
          <p className="text-sm font-medium">{loadingTexts.spreadsheet}</p>
          <progress max={1} value={progress < 1 ? progress : undefined} aria-label={loadingTexts.spreadsheet} className="w-full" />
          <p className="text-xs text-muted-foreground">{progress < 1 ? `${Math.round(progress * 100)}% sent` : "Checking every row…"}</p>
        </div>
      ) : null}
      {staged ? (
        <div className="rounded-lg border border-border bg-card p-4">
          <ImportPreview
            key={staged.importId}
            first={staged}
            api={schoolSpreadsheets}
            noun={["school", "schools"]}
            onCancel={() => setStaged(null)}
            onConfirmed={async (answer) => {
              await succeed(answer.message, routes.schoolManagement);
              setStaged(null);
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
