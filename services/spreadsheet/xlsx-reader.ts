import { importMessages } from "../../lib/contract/imports";
import { StringTable } from "./string-table";
import { createXmlScanner, type XmlHandler } from "./xml-scanner";
import { eachTextChunk, openZipEntries, type ZipEntries } from "./zip-entries";
import type { SheetRow } from "./read-rows";

/**
 * Reads the first sheet of a workbook as rows of text, streamed, in memory bounded by the caps whatever
 * the file holds: no cell keeps more than `maxCellChars` characters while it is read, a row no more than
 * `maxColumns` cells, and the shared strings are kept as compact bytes (string-table.ts). A cell reads as
 * a person sees it: dates (numbers in a date format) as YYYY-MM-DD, booleans as TRUE/FALSE, a formula as
 * its saved result (one without a saved result is marked as a problem), errors as blank.
 */
export type SheetLimits = { maxCellChars: number; maxColumns: number };

type Parts = { sheet: string; strings?: string; styles?: string };

/** Reads one part through a handler: the scanner's text cap is the cell cap (a reference is at most 10 characters). */
async function scan(zip: ZipEntries, name: string, handler: XmlHandler, limits: SheetLimits) {
  const scanner = createXmlScanner(handler, { maxTextChars: limits.maxCellChars * 10 });
  await eachTextChunk(await zip.read(name), (text) => scanner.write(text));
  scanner.end();
}

/** Appends to a capped text. */
const capped = (so: string, more: string, cap: number) => (so.length >= cap ? so : so + more.slice(0, cap - so.length));

/** The workbook's first sheet and where its shared strings and styles are, by the workbook's relationships. */
async function findParts(zip: ZipEntries, limits: SheetLimits): Promise<Parts & { date1904: boolean }> {
  let firstSheetId: string | undefined;
  let date1904 = false;
  await scan(
    zip,
    "xl/workbook.xml",
    {
      open: (name, a) => {
        if (name === "sheet" && firstSheetId === undefined) firstSheetId = a.id ?? "";
        if (name === "workbookPr") date1904 = a.date1904 === "1" || a.date1904 === "true";
      },
      close: () => {},
      text: () => {},
    },
    limits,
  );
  const targets = new Map<string, string>();
  const byType = new Map<string, string>();
  if (zip.has("xl/_rels/workbook.xml.rels")) {
    await scan(
      zip,
      "xl/_rels/workbook.xml.rels",
      {
        open: (name, a) => {
          if (name !== "Relationship" || !a.Target) return;
          const target = a.Target.startsWith("/") ? a.Target.slice(1) : `xl/${a.Target.replace(/^\.\//, "")}`;
          if (a.Id) targets.set(a.Id, target);
          const type = a.Type?.split("/").at(-1);
          if (type && !byType.has(type)) byType.set(type, target);
        },
        close: () => {},
        text: () => {},
      },
      limits,
    );
  }
  const existing = (name: string | undefined) => (name && zip.has(name) ? name : undefined);
  const sheet = existing(firstSheetId === undefined ? undefined : targets.get(firstSheetId)) ?? existing("xl/worksheets/sheet1.xml");
  if (!sheet) throw new Error(importMessages.corrupt);
  return {
    sheet,
    strings: existing(byType.get("sharedStrings")) ?? existing("xl/sharedStrings.xml"),
    styles: existing(byType.get("styles")) ?? existing("xl/styles.xml"),
    date1904,
  };
}

/** The text of `<si>` items (runs joined, phonetic runs left out), each cut at the cell cap. */
async function readSharedStrings(zip: ZipEntries, name: string, limits: SheetLimits): Promise<StringTable> {
  const table = new StringTable();
  let item: string | null = null;
  let inText = false;
  let phonetic = 0;
  await scan(
    zip,
    name,
    {
      open: (tag) => {
        if (tag === "si") item = "";
        else if (tag === "t") inText = true;
        else if (tag === "rPh") phonetic++;
      },
      close: (tag) => {
        if (tag === "si" && item !== null) {
          table.add(item);
          item = null;
        } else if (tag === "t") inText = false;
        else if (tag === "rPh") phonetic--;
      },
      text: (value) => {
        if (item !== null && inText && phonetic === 0) item = capped(item, value, limits.maxCellChars);
      },
    },
    limits,
  );
  return table;
}

/** Excel's built-in number formats that show a date or a time. */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** A format code shows a date when, outside its quoted text and [brackets], it has a date or time part. */
const isDateFormatCode = (code: string) => /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));

/** The cell styles (by index) whose number format is a date. */
async function readDateStyles(zip: ZipEntries, name: string, limits: SheetLimits): Promise<Set<number>> {
  const customDate = new Set<number>();
  const dateStyles = new Set<number>();
  let inCellXfs = false;
  let index = 0;
  await scan(
    zip,
    name,
    {
      open: (tag, a) => {
        if (tag === "numFmt" && isDateFormatCode(a.formatCode ?? "")) customDate.add(Number(a.numFmtId));
        else if (tag === "cellXfs") inCellXfs = true;
        else if (tag === "xf" && inCellXfs) {
          const format = Number(a.numFmtId ?? 0);
          if (BUILT_IN_DATE_FORMATS.has(format) || customDate.has(format)) dateStyles.add(index);
          index++;
        }
      },
      close: (tag) => {
        if (tag === "cellXfs") inCellXfs = false;
      },
      text: () => {},
    },
    limits,
  );
  return dateStyles;
}

/** "BC12" → 55; 0 when there is no column. */
function columnOf(reference: string | undefined): number {
  let column = 0;
  for (const ch of reference ?? "") {
    const code = ch.toUpperCase().charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column;
}

/** A serial day number as YYYY-MM-DD (day 25569 is 1970-01-01; the 1904 system starts 1,462 days later). */
const serialDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)).toISOString().slice(0, 10);

type Cell = { column: number; type: string; style: number; value: string; inline: string; formula: boolean; hasValue: boolean };

export async function* xlsxFirstSheetRows(path: string, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const zip = await openZipEntries(path);
  try {
    const parts = await findParts(zip, limits);
    const strings = parts.strings ? await readSharedStrings(zip, parts.strings, limits) : new StringTable();
    const dateStyles = parts.styles ? await readDateStyles(zip, parts.styles, limits) : new Set<number>();

    const textOf = (cell: Cell): string => {
      switch (cell.type) {
        case "s":
          return strings.get(Number(cell.value));
        case "inlineStr":
          return cell.inline;
        case "str":
          return cell.value;
        case "b":
          return cell.value.trim() === "1" ? "TRUE" : "FALSE";
        case "e":
          return "";
        case "d":
          return cell.value.trim().slice(0, 10);
        default: {
          const number = Number(cell.value);
          if (cell.value.trim() === "" || !Number.isFinite(number)) return cell.value;
          return dateStyles.has(cell.style) ? serialDate(number, parts.date1904) : String(number);
        }
      }
    };

    const ready: SheetRow[] = [];
    let row: SheetRow | null = null;
    let lastRow = 0;
    let lastColumn = 0;
    let cell: Cell | null = null;
    let inValue = false;
    let inInline = false;
    let inText = false;
    let phonetic = 0;
    const handler: XmlHandler = {
      open: (tag, a) => {
        if (tag === "row") {
          lastRow = Number(a.r) || lastRow + 1;
          lastColumn = 0;
          row = { number: lastRow, cells: [] };
        } else if (tag === "c" && row) {
          lastColumn = columnOf(a.r) || lastColumn + 1;
          cell = { column: lastColumn, type: a.t ?? "n", style: Number(a.s ?? 0), value: "", inline: "", formula: false, hasValue: false };
        } else if (!cell) return;
        else if (tag === "v") inValue = cell.hasValue = true;
        else if (tag === "f") cell.formula = true;
        else if (tag === "is") inInline = true;
        else if (tag === "t") inText = true;
        else if (tag === "rPh") phonetic++;
      },
      close: (tag) => {
        if (tag === "v") inValue = false;
        else if (tag === "is") inInline = false;
        else if (tag === "t") inText = false;
        else if (tag === "rPh") phonetic--;
        else if (tag === "c" && row && cell) {
          if (cell.column <= limits.maxColumns) {
            const at = cell.column - 1;
            while (row.cells.length < at) row.cells.push("");
            row.cells[at] = textOf(cell);
            if (cell.formula && !cell.hasValue) (row.problems ??= {})[at] = importMessages.formulaWithoutValue;
          }
          cell = null;
        } else if (tag === "row" && row) {
          ready.push(row);
          row = null;
        }
      },
      text: (value) => {
        if (!cell) return;
        if (inValue) cell.value = capped(cell.value, value, limits.maxCellChars);
        else if (inInline && inText && phonetic === 0) cell.inline = capped(cell.inline, value, limits.maxCellChars);
      },
    };
    const scanner = createXmlScanner(handler, { maxTextChars: limits.maxCellChars * 10 });
    const decoder = new TextDecoder("utf-8");
    for await (const chunk of await zip.read(parts.sheet)) {
      scanner.write(decoder.decode(chunk as Buffer, { stream: true }));
      yield* ready.splice(0);
    }
    scanner.write(decoder.decode());
    scanner.end();
    yield* ready.splice(0);
  } finally {
    zip.close();
  }
}
