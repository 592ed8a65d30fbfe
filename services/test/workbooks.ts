import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import yazl from "yazl";
import { xlsxStream } from "../spreadsheet/xlsx-writer";

/** Workbooks and other files for the import tests, made on the spot. */
export const workbooks = {
  /** Written by this project's own writer. */
  ours: (rows: string[][]) => buffer(xlsxStream([{ name: "Sheet1", rows }])),
  /** Written by another library (shared strings, numbers as numbers), as a spreadsheet program would. */
  foreign: async (rows: ExcelJS.CellValue[][]) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Data");
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  },
  csv: (rows: string[][]) => Buffer.from(rows.map((r) => r.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(",")).join("\r\n")),
  /** A small zip that claims a workbook and inflates to 60 MB. */
  zipBomb: async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from("<workbook/>"), "xl/workbook.xml");
    zip.addBuffer(Buffer.alloc(60 * 1024 * 1024, 0x41), "xl/worksheets/sheet1.xml");
    zip.end();
    return buffer(Readable.from(zip.outputStream));
  },
  /**
   * A small zip whose headers lie: the sheet says it expands to 100 KB but inflates to 60 MB, so a
   * check of the directory alone lets it through.
   */
  lyingZip: async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from("<workbook/>"), "xl/workbook.xml");
    zip.addBuffer(Buffer.alloc(60 * 1024 * 1024, 0x41), "xl/worksheets/sheet1.xml");
    zip.end();
    const bytes = await buffer(Readable.from(zip.outputStream));
    const claimed = 100 * 1024;
    const name = Buffer.from("xl/worksheets/sheet1.xml");
    // The uncompressed size sits 22 bytes into a local header and 24 into a central directory record.
    for (const [signature, sizeAt, nameAt] of [
      [0x04034b50, 22, 30],
      [0x02014b50, 24, 46],
    ] as const) {
      for (
        let at = bytes.indexOf(Buffer.from(new Uint32Array([signature]).buffer));
        at >= 0;
        at = bytes.indexOf(Buffer.from(new Uint32Array([signature]).buffer), at + 4)
      ) {
        if (bytes.subarray(at + nameAt, at + nameAt + name.length).equals(name)) bytes.writeUInt32LE(claimed, at + sizeAt);
      }
    }
    return bytes;
  },
  /** A zip that is not a workbook. */
  plainZip: async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from("hello"), "notes.txt");
    zip.end();
    return buffer(Readable.from(zip.outputStream));
  },
  /** What Excel writes for a password-protected workbook: an OLE compound file. */
  encrypted: () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 1)]),
  corrupt: () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2048, 7)]),
};

/** Reads an xlsx the way a spreadsheet program would: every cell's value and type, by sheet. */
export async function readWorkbook(bytes: Uint8Array) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(bytes).buffer as Parameters<typeof book.xlsx.load>[0]);
  return book.worksheets.map((sheet) => {
    const rows: { value: unknown; type: ExcelJS.ValueType }[][] = [];
    sheet.eachRow((row) => {
      const cells: { value: unknown; type: ExcelJS.ValueType }[] = [];
      row.eachCell({ includeEmpty: true }, (cell) => cells.push({ value: cell.value, type: cell.type }));
      rows.push(cells);
    });
    return { name: sheet.name, rows };
  });
}
