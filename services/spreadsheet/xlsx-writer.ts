import { PassThrough, Readable } from "node:stream";
import yazl from "yazl";

/**
 * A streaming XLSX writer: rows go out as they are produced, never held whole. Every value is an inline
 * string cell, never a formula; a value that Excel would read as a formula once someone edits it
 * (starting with = + - @, tab or carriage return) carries Excel's quote-prefix, so it stays text and
 * still reads back unchanged.
 */

// Full-width ＝ ＋ － ＠ too: spreadsheet programs may take them for their ASCII forms.
const RISKY_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
export const needsQuotePrefix = (value: string) => RISKY_START.test(value);

const escapeXml = (text: string) =>
  text
    // XML 1.0 cannot carry most control characters at all; drop them rather than write a broken file.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    // An XML reader turns a bare carriage return into a line feed; as a character reference it survives.
    .replace(/\r/g, "&#13;");

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Style 1 is bold (headers), style 2 the quote-prefix. */
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1" applyNumberFormat="1"/></cellXfs></styleSheet>`;

export type SheetSource = { name: string; rows: AsyncIterable<readonly string[]> | Iterable<readonly string[]>; headerRows?: number };

function row(values: readonly string[], index: number, header: boolean): string {
  const cells = values.map((value, c) => {
    const style = header ? ' s="1"' : needsQuotePrefix(value) ? ' s="2"' : "";
    return `<c r="${columnName(c)}${index + 1}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
  });
  return `<row r="${index + 1}">${cells.join("")}</row>`;
}

async function* sheetXml(sheet: SheetSource): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  let index = 0;
  let batch: string[] = [];
  for await (const values of sheet.rows) {
    batch.push(row(values, index, index < (sheet.headerRows ?? 1)));
    index++;
    if (batch.length === 500) {
      yield batch.join("");
      batch = [];
    }
  }
  yield batch.join("");
  yield "</sheetData></worksheet>";
}

/** The workbook as a byte stream: sheets in order, each streamed from its row source. */
export function xlsxStream(sheets: SheetSource[]): Readable {
  const zip = new yazl.ZipFile();
  const names = sheets.map((s) => escapeXml(s.name.slice(0, 31)));
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join("")}</Types>`,
    ),
    "[Content_Types].xml",
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    "_rels/.rels",
  );
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${names.map((n, i) => `<sheet name="${n}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`,
    ),
    "xl/workbook.xml",
  );
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join("")}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ),
    "xl/_rels/workbook.xml.rels",
  );
  zip.addBuffer(Buffer.from(STYLES), "xl/styles.xml");
  const output = new PassThrough();
  const sources = sheets.map((sheet) => Readable.from(sheetXml(sheet)));
  // A row source that fails (the database went away mid-download) ends the download with that error
  // instead of an unhandled one; a download the client abandons stops reading its sources.
  for (const source of sources) source.on("error", (error) => output.destroy(error));
  output.on("close", () => sources.forEach((source) => source.destroy()));
  sources.forEach((source, i) => zip.addReadStream(source, `xl/worksheets/sheet${i + 1}.xml`));
  zip.end();
  return zip.outputStream.pipe(output);
}
