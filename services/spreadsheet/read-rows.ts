import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { open } from "node:fs/promises";
import { importMessages, MAX_CELL_CHARS } from "../../lib/contract/imports";
import { AppError } from "../http/errors";
import { parseCsv } from "./csv";
import { xlsxFirstSheetRows } from "./xlsx-reader";
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

/**
 * What is read of a cell before it is kept (trimmed and cut, `kept`): room for spaces around a value
 * that is too long; and how many cells of a row (the templates have a few dozen columns).
 */
const limits = { maxCellChars: 4 * (MAX_CELL_CHARS + 1), maxColumns: 256 };

/** The rows of a workbook rewritten by rewriteCheckedWorkbook: nothing in it inflates beyond what was counted. */
async function* checkedRows(path: string): AsyncGenerator<SheetRow> {
  try {
    for await (const row of xlsxFirstSheetRows(path, limits)) yield { ...row, cells: row.cells.map(kept) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request", importMessages.corrupt);
  }
}

async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  let number = 0;
  for await (const row of parseCsv(createReadStream(path, { encoding: "utf8" }), { maxFieldChars: limits.maxCellChars, maxFields: limits.maxColumns }))
    yield { number: ++number, cells: row.map(kept) };
}

/** The rows of the upload's first sheet (or of the CSV), header first, as text with their sheet row numbers, streamed. */
export async function readRows(path: string): Promise<AsyncGenerator<SheetRow>> {
  return (await sniff(path)) === "xlsx" ? xlsxRows(path) : csvRows(path);
}
