import client from "prom-client";

/** Spreadsheet imports confirmed into records (services/spreadsheet/confirm.ts), by kind: school, staff, student. */
const rows = new client.Counter({
  name: "import_rows_total",
  help: "Rows of confirmed imports, by kind and outcome: created (records made), failed (staged rows of a confirm that failed and made none)",
  labelNames: ["kind", "outcome"],
});

const duration = new client.Histogram({
  name: "import_confirm_duration_seconds",
  help: "Time to confirm an import, by kind and outcome (success, failure)",
  labelNames: ["kind", "outcome"],
  // From a handful of rows to the 100,000 a large district uploads (several minutes on PGlite).
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
});

/** Starts timing one confirm of `kind`; the returned function records how it ended and the rows it concerned. */
export function timeImportConfirm(kind: string) {
  const stop = duration.startTimer({ kind });
  return (outcome: "success" | "failure", rowCount: number) => {
    stop({ outcome });
    if (rowCount > 0) rows.inc({ kind, outcome: outcome === "success" ? "created" : "failed" }, rowCount);
  };
}
