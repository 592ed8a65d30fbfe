import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";

/** The first sheet of a downloaded workbook, every cell as text, header row first. */
export async function sheetRows(path: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(await readFile(path)).buffer as Parameters<typeof book.xlsx.load>[0]);
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
  return rows;
}
