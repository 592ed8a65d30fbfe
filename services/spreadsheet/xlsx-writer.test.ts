import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer, text } from "node:stream/consumers";
import yauzl from "yauzl";
import { describe, expect, it } from "vitest";
import { readWorkbook } from "../test/workbooks";
import { readRows } from "./read-rows";
import { needsQuotePrefix, xlsxStream } from "./xlsx-writer";

/** One file of the zip, as text. */
function entryText(bytes: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => (e || !stream ? reject(e) : resolve(text(stream))));
      });
      zip.on("end", () => reject(new Error(`${name} not in the zip`)));
      zip.readEntry();
    }),
  );
}

describe("xlsx writer", () => {
  const risky = ["=1+1", "+2348031234567", "-5", "@SUM(A1)", "\tTabbed", "\rReturn"];

  it("marks exactly the values that could run as formulas", () => {
    expect(risky.every(needsQuotePrefix)).toBe(true);
    expect(["Plain", "5-6", "a=b", " =x", ""].some(needsQuotePrefix)).toBe(false);
    // Full-width forms that spreadsheet programs may read as their ASCII counterparts.
    expect(["\uFF1D1+1", "\uFF0B234", "\uFF0D5", "\uFF20SUM(A1)"].every(needsQuotePrefix)).toBe(true);
  });

  it("writes inline text cells, quote-prefixed where risky, with markup and control characters made safe, and reads back unchanged", async () => {
    const rows = [["Value"], ...risky.map((v) => [v]), ['<b>&"quotes"</b>'], ["bell\u0007gone"]];
    const bytes = await buffer(xlsxStream([{ name: "Sheet1", rows }]));
    const xml = await entryText(bytes, "xl/worksheets/sheet1.xml");
    expect(xml).not.toContain("<f>");
    expect((xml.match(/ s="2"/g) ?? []).length).toBe(risky.length);
    expect(await entryText(bytes, "xl/styles.xml")).toContain('quotePrefix="1"');

    const [sheet] = await readWorkbook(bytes);
    expect(sheet?.rows.map((r) => r[0]?.value)).toEqual(["Value", ...risky, '<b>&"quotes"</b>', "bellgone"]);
    const path = join(tmpdir(), `writer-${Date.now()}.xlsx`);
    await writeFile(path, bytes);
    const back: string[] = [];
    for await (const row of await readRows(path)) back.push(row.cells[0] ?? "");
    // The reader trims, as every imported cell is trimmed; the risky text itself is intact.
    expect(back).toEqual(["Value", "=1+1", "+2348031234567", "-5", "@SUM(A1)", "Tabbed", "Return", '<b>&"quotes"</b>', "bellgone"]);
  });
});

describe("xlsx writer when a row source fails", () => {
  it("ends the stream with the source's error instead of throwing it unhandled", async () => {
    async function* failing(): AsyncGenerator<string[]> {
      yield ["Name"];
      throw new Error("the database went away");
    }
    await expect(buffer(xlsxStream([{ name: "Sheet1", rows: failing() }]))).rejects.toThrow("the database went away");
  });
});
