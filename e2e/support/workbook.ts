import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";

/** The first sheet of a downloaded workbook, every cell as text, header row first. */
export async function sheetRows(path: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(await readFile(path)).buffer as Parameters<typeof book.xlsx.load>[0]);
  const rows: string[][] = [];
  // Array.from, not map: an empty cell between two filled ones is a hole in ExcelJS's array, which map would skip.
  book.worksheets[0]?.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? ""))));
  return rows;
}
