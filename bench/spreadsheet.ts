import { createTestApi } from "../services/test/harness";
import { workbooks } from "../services/test/workbooks";
import type { ImportConfirmed, ImportRowsPage } from "../lib/contract/imports";
import { median } from "./stats";

/**
 * The spreadsheet engine on generated files: validating (upload, step one) 10,000 and 100,000 rows of
 * schools as xlsx, confirming 100,000, and downloading them all; rows per second and the process's peak
 * memory above where it started. In-process on an in-memory embedded database, as the API tests run.
 */
const LGAS = ["Agege", "Alimosho", "Ifako-Ijaiye"];
const CATEGORIES = ["Nursery", "Primary", "Junior Secondary", "Senior Secondary"];

function schoolRows(count: number, tag: string): string[][] {
  const rows = [["Name", "Description", "Address", "Local Government", "Category"]];
  for (let i = 0; i < count; i++)
    rows.push([`${tag} School ${i}`, `Generated school number ${i}`, `${i} Bench Road, Lagos`, LGAS[i % 3] ?? "Agege", CATEGORIES[i % 4] ?? "Primary"]);
  return rows;
}

/** Runs the work while sampling memory; returns its time and the peak resident memory above the start. */
export async function measure<T>(work: () => Promise<T>): Promise<{ ms: number; peakMb: number; result: T }> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const began = performance.now();
  const result = await work();
  const ms = performance.now() - began;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - start) / 1024 / 1024, result };
}

export const report = (label: string, rows: number, runs: { ms: number; peakMb: number }[]) => {
  const ms = median(runs.map((r) => r.ms));
  console.log(
    `${label}: median ${(ms / 1000).toFixed(2)} s, ${Math.round(rows / (ms / 1000)).toLocaleString("en")} rows/s, peak memory +${median(runs.map((r) => r.peakMb)).toFixed(0)} MB (${runs.length} runs)`,
  );
};

export async function benchSpreadsheet(runs: number) {
  const api = await createTestApi();
  const admin = await api.loginAdmin(1);
  const upload = async (bytes: Buffer) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), "schools.xlsx");
    const response = await api.call("POST", "/school/upload-multiple", { token: admin.authorizationToken, form });
    if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as ImportRowsPage;
  };

  for (const count of [10_000, 100_000]) {
    const results = [];
    let lastImport = "";
    for (let run = 0; run < runs; run++) {
      const bytes = await workbooks.ours(schoolRows(count, `B${count}R${run}`));
      const measured = await measure(() => upload(bytes));
      if (measured.result.validRows !== count) throw new Error(`expected ${count} valid rows, got ${measured.result.validRows}`);
      lastImport = measured.result.importId;
      results.push(measured);
    }
    report(`validate ${count.toLocaleString("en")} rows (xlsx upload, step one)`, count, results);
    if (count === 100_000) {
      const confirmed = await measure(async () => {
        const response = await api.call("POST", "/school/create-multiple-schools", { token: admin.authorizationToken, body: { importId: lastImport } });
        return (await response.json()) as ImportConfirmed;
      });
      if (confirmed.result.created !== count) throw new Error(`expected ${count} created, got ${JSON.stringify(confirmed.result)}`);
      report(`confirm ${count.toLocaleString("en")} rows (step two, one transaction)`, count, [confirmed]);
    }
  }

  const downloads = [];
  for (let run = 0; run < runs; run++) {
    downloads.push(
      await measure(async () => {
        const response = await api.call("GET", "/school/download", { token: admin.authorizationToken });
        let bytes = 0;
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
        return bytes;
      }),
    );
  }
  report(`download ${(100_003).toLocaleString("en")} schools (streamed xlsx, ${(downloads[0]?.result ?? 0).toLocaleString("en")} bytes)`, 100_003, downloads);
  await api.close();
}
