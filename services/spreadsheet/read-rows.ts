import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { open } from "node:fs/promises";
import ExcelJS from "exceljs";
import { importMessages, MAX_CELL_CHARS } from "../../lib/contract/imports";
import { AppError } from "../http/errors";
import { parseCsv } from "./csv";
import { guardWorkbookZip, rewriteCheckedWorkbook } from "./zip-guard";

type Kind = "xlsx" | "csv";

/** Decides by the first bytes, never by the file name, what the upload is. */
async function sniff(path: string): Promise<Kind> {
  const handle = await open(path, "r");
  const head = Buffer.alloc(512);
  const { bytesRead } = await handle.read(head, 0, 512, 0);
  await handle.close();
  const bytes = head.subarray(0, bytesRead);
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return "xlsx";
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) throw new AppError("bad_request", importMessages.protectedOrOld);
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || starts(0x47, 0x49, 0x46) || starts(0x52, 0x49, 0x46, 0x46))
    throw new AppError("bad_request", importMessages.image);
  if (starts(0x25, 0x50, 0x44, 0x46)) throw new AppError("bad_request", importMessages.pdf);
  // Text: no NUL bytes, and valid UTF-8 (a cut-off last character at the 512-byte mark is fine).
  if (bytes.includes(0)) throw new AppError("bad_request", importMessages.notSpreadsheet);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if ((text.match(/\uFFFD/g) ?? []).length > 1) throw new AppError("bad_request", importMessages.notSpreadsheet);
  return "csv";
}

type CellValue = ExcelJS.CellValue;

/** A cell as the text a person sees in it: dates as YYYY-MM-DD, booleans as TRUE/FALSE, a formula as its saved result. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("result" in value) return cellText(value.result as CellValue);
    if ("text" in value) return String(value.text);
    if ("error" in value) return "";
    return "";
  }
  return String(value);
}

/** A formula whose file keeps no result (written by a program that does not calculate): there is no value to read. */
const isFormulaWithoutResult = (value: CellValue) =>
  typeof value === "object" && value !== null && ("formula" in value || "sharedFormula" in value) && (value as { result?: unknown }).result === undefined;

/** `problems`: messages for cells that have no readable value, by cell index. */
export type SheetRow = { number: number; cells: string[]; problems?: Record<number, string> };

/**
 * A cell as the importer keeps it: trimmed, at most one character past MAX_CELL_CHARS, and well-formed
 * (cutting may split a letter written as two UTF-16 units, which the database would refuse; a lone half
 * becomes U+FFFD).
 */
const kept = (text: string) =>
  text
    .trim()
    .slice(0, MAX_CELL_CHARS + 1)
    .toWellFormed();

async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  await guardWorkbookZip(path);
  const checked = `${path}.checked.xlsx`;
  try {
    await rewriteCheckedWorkbook(path, checked);
    yield* checkedRows(checked);
  } finally {
    await rm(checked, { force: true });
  }
}

/** The rows of a workbook rewritten by rewriteCheckedWorkbook: nothing in it inflates beyond what was counted. */
async function* checkedRows(path: string): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    // Styles tell a date from a number (a date is a number formatted as one).
    styles: "cache",
    worksheets: "emit",
    entries: "emit",
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as CellValue[];
        const cells: string[] = [];
        const problems: Record<number, string> = {};
        for (let i = 1; i < values.length; i++) {
          if (isFormulaWithoutResult(values[i])) problems[i - 1] = importMessages.formulaWithoutValue;
          cells.push(kept(cellText(values[i])));
        }
        yield { number: row.number, cells, ...(Object.keys(problems).length > 0 ? { problems } : {}) };
      }
      return; // the first sheet holds the data; others (e.g. the template's allowed values) are not rows
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request", importMessages.corrupt);
  }
}

async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  let number = 0;
  for await (const row of parseCsv(createReadStream(path, { encoding: "utf8" }))) yield { number: ++number, cells: row.map(kept) };
}

/** The rows of the upload's first sheet (or of the CSV), header first, as text with their sheet row numbers, streamed. */
export async function readRows(path: string): Promise<AsyncGenerator<SheetRow>> {
  return (await sniff(path)) === "xlsx" ? xlsxRows(path) : csvRows(path);
}
