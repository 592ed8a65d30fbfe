"use client";

import { Download, FileSpreadsheet, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "@/lib/notify";
import { ImportPreview } from "@/components/import/import-preview";
import { Button } from "@/components/ui/button";
import { importMessages, MAX_SPREADSHEET_BYTES, SPREADSHEET_ACCEPT, type ImportRowsPage } from "@/lib/contract/imports";
import { registerReturnHref } from "@/lib/register-return";
import { loadingTexts, successNotices } from "@/lib/contract/messages";
import type { SpreadsheetApi } from "@/lib/queries/imports";
import { uploadWithProgress } from "@/lib/upload-with-progress";
import { useSuccessRedirect } from "@/lib/use-success-redirect";

const link =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-card px-4 py-2 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary";

type Props = {
  api: SpreadsheetApi;
  /** One and many of what the rows are ("school", "schools"): the buttons' and the preview's words. */
  noun: [string, string];
  /** Where the user goes after the confirm's notice (spec §2: the list the records join). */
  done: string;
  canUpload: boolean;
  /** The download as the page filters it, when it does (the staff register); null: no download. */
  download: { href: string; filename: string } | null;
};

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Many records at once (spec §4 'Bulk upload'): the template, the two-step upload ('Uploaded Successfully'
 * once the file is parsed, then the preview to fix or drop rows, then confirm), and the download.
 */
export function SpreadsheetPanel({ api, noun, done, canUpload, download }: Props) {
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
      setStaged(await uploadWithProgress<ImportRowsPage>(api.uploadUrl, form, setProgress));
      toast.success(successNotices.uploaded);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  if (!canUpload && !download) return null;
  return (
    <section aria-label={`${capital(noun[1])} spreadsheets`} className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {download ? (
          <a href={download.href} download={download.filename} className={link}>
            <Download size={16} aria-hidden /> Download {noun[1]}
          </a>
        ) : null}
        {canUpload ? (
          <>
            <a href={api.templateHref} download={`${noun[1]}-template.xlsx`} className={link}>
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
              <Upload size={16} aria-hidden /> Upload {noun[1]}
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
            api={api}
            noun={noun}
            onCancel={() => setStaged(null)}
            onConfirmed={async (answer) => {
              // Back to the register as it was left (its search and filters), as after any other save.
              await succeed(answer.message, registerReturnHref(done));
              setStaged(null);
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
