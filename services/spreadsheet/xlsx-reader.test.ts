import { writeFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { importMessages } from "../../lib/contract/imports";
import { workbooks } from "../test/workbooks";
import { createXmlScanner } from "./xml-scanner";
import { xlsxFirstSheetRows } from "./xlsx-reader";

const folder = mkdtemp(join(tmpdir(), "xlsx-reader-"));
afterAll(async () => rm(await folder, { recursive: true, force: true }));

const limits = { maxCellChars: 20, maxColumns: 5 };

/** A workbook of hand-written parts, as other programs write them. */
async function workbook(parts: Record<string, string>) {
  const zip = new yazl.ZipFile();
  for (const [name, xml] of Object.entries(parts)) zip.addBuffer(Buffer.from(xml), name);
  zip.end();
  const path = join(await folder, `${Math.random().toString(36).slice(2)}.xlsx`);
  await writeFile(path, await buffer(Readable.from(zip.outputStream)));
  return path;
}

async function rowsOf(path: string, l = limits) {
  const rows = [];
  for await (const row of xlsxFirstSheetRows(path, l)) rows.push(row);
  return rows;
}

const book = (sheet: string, extra: Record<string, string> = {}) =>
  workbook({
    "xl/workbook.xml": `<?xml version="1.0"?><x:workbook xmlns:x="main" xmlns:r="rel"><x:workbookPr date1904="0"/><x:sheets><x:sheet name="Data" sheetId="7" r:id="rId3"/><x:sheet name="Other" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
    "xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId3" Type="x/worksheet" Target="/xl/worksheets/data.xml"/><Relationship Id="rId9" Type="x/sharedStrings" Target="strings.xml"/><Relationship Id="rId8" Type="x/styles" Target="styles.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>`,
    "xl/worksheets/data.xml": sheet,
    "xl/strings.xml": `<sst><si><t>Plain &amp; simple</t></si><si><r><rPr><b/></rPr><t xml:space="preserve">Rich </t></r><r><t>text</t></r><rPh><t>ruby</t></rPh></si><si><t>${"long".repeat(50)}</t></si></sst>`,
    "xl/styles.xml": `<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="&quot;day&quot; 0.00"/></numFmts><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/><xf numFmtId="165"/></cellXfs></styleSheet>`,
    ...extra,
  });

describe("the workbook reader", () => {
  it("reads the first sheet by the workbook's relationships, each cell as a person sees it", async () => {
    const path = await book(
      `<worksheet><sheetData>
        <row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c><c r="D2"><v>45291</v></c><c r="E2" s="1"><v>45291</v></c></row>
        <row r="3"><c t="b"><v>1</v></c><c t="b"><v>0</v></c><c s="2"><v>36526.5</v></c><c s="3"><v>12.5</v></c><c t="e"><v>#N/A</v></c></row>
        <row r="5"><c r="A5" t="str"><f>UPPER("x")</f><v>X</v></c><c r="B5"><f>1+1</f></c><c r="C5" t="inlineStr"><is><r><t>in</t></r><r><t>line &lt;3</t></r></is></c><c r="D5" t="d"><v>2024-02-29T00:00:00</v></c></row>
      </sheetData></worksheet>`,
    );
    expect(await rowsOf(path)).toEqual([
      { number: 2, cells: ["Plain & simple", "Rich text", "", "45291", "2023-12-31"] },
      { number: 3, cells: ["TRUE", "FALSE", "2000-01-01", "12.5", ""] },
      { number: 5, cells: ["X", "", "inline <3", "2024-02-29"], problems: { 1: importMessages.formulaWithoutValue } },
    ]);
  });

  it("reads the 1904 date system", async () => {
    const path = await book(`<worksheet><sheetData><row r="1"><c s="2"><v>0</v></c></row></sheetData></worksheet>`, {
      "xl/workbook.xml": `<workbook><workbookPr date1904="1"/><sheets><sheet r:id="rId3"/></sheets></workbook>`,
    });
    expect(await rowsOf(path)).toEqual([{ number: 1, cells: ["1904-01-01"] }]);
  });

  it("keeps at most the cap of every cell and the first columns of a row, however long the file's text", async () => {
    const huge = "y".repeat(200_000);
    const path = await book(
      `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>2</v></c><c r="B1" t="inlineStr"><is><t>${huge}</t></is></c><c r="C1" t="str"><v>${huge}</v></c><c r="H1" t="inlineStr"><is><t>far right</t></is></c></row></sheetData></worksheet>`,
    );
    const [row] = await rowsOf(path);
    expect(row?.cells).toEqual(["long".repeat(5), "y".repeat(20), "y".repeat(20)]);
  });

  it("reads workbooks written by this project's writer and by another library", async () => {
    const read = async (bytes: Uint8Array) => {
      const path = join(await folder, `${Math.random().toString(36).slice(2)}.xlsx`);
      await writeFile(path, bytes);
      return (await rowsOf(path, { maxCellChars: 100, maxColumns: 10 })).map((r) => r.cells);
    };
    expect(
      await read(
        await workbooks.ours([
          ["Name", "Note"],
          ["Àdé", "=1+1"],
        ]),
      ),
    ).toEqual([
      ["Name", "Note"],
      ["Àdé", "=1+1"],
    ]);
    expect(
      await read(
        await workbooks.foreign([
          ["Name", "Born", "Phone"],
          ["Ìbí", new Date("2011-03-04"), 8031234567],
        ]),
      ),
    ).toEqual([
      ["Name", "Born", "Phone"],
      ["Ìbí", "2011-03-04", "8031234567"],
    ]);
  });
});

describe("the XML scanner", () => {
  it("gives the same events whatever the chunks, with entities, comments, CDATA and '>' inside attributes", () => {
    const xml = `<?xml version="1.0"?><!-- a > comment --><a k="1 > 0" j='it&apos;s'>one &amp; &#x41;&#66;<![CDATA[ <raw> & ]]><b/>two</a>`;
    const run = (chunkSize: number) => {
      const events: string[] = [];
      const scanner = createXmlScanner(
        {
          open: (name, attrs, self) => events.push(`open ${name} ${JSON.stringify(attrs)} ${self}`),
          close: (name) => events.push(`close ${name}`),
          text: (value) => events.push(`text ${value}`),
        },
        { maxTextChars: 1000 },
      );
      for (let i = 0; i < xml.length; i += chunkSize) scanner.write(xml.slice(i, i + chunkSize));
      scanner.end();
      return events;
    };
    const whole = run(xml.length);
    expect(whole).toEqual([`open a {"k":"1 > 0","j":"it's"} false`, "text one & AB", "text  <raw> & ", "open b {} true", "close b", "text two", "close a"]);
    for (const size of [1, 2, 3, 7]) expect(run(size)).toEqual(whole);
  });

  it("refuses a document type declaration and a tag longer than allowed", () => {
    const scanner = createXmlScanner({ open: () => {}, close: () => {}, text: () => {} }, { maxTextChars: 10, maxTagChars: 100 });
    expect(() => scanner.write(`<!DOCTYPE x [<!ENTITY a "b">]><x/>`)).toThrow();
    const other = createXmlScanner({ open: () => {}, close: () => {}, text: () => {} }, { maxTextChars: 10, maxTagChars: 100 });
    expect(() => other.write(`<c r="${"A".repeat(200)}">`)).toThrow();
  });
});
