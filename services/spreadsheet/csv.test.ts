import { describe, expect, it } from "vitest";
import { parseCsv, type CsvLimits } from "./csv";

async function rows(...chunks: string[]) {
  return capped(undefined, ...chunks);
}

async function capped(limits: CsvLimits | undefined, ...chunks: string[]) {
  const out: string[][] = [];
  for await (const row of parseCsv(
    (async function* () {
      yield* chunks;
    })(),
    limits,
  ))
    out.push(row);
  return out;
}

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF and a BOM", async () => {
    expect(await rows('\uFEFFName,Address\r\n"Kings, College","1 ""Main"" Road\nLagos"\r\nPlain,x')).toEqual([
      ["Name", "Address"],
      ["Kings, College", '1 "Main" Road\nLagos'],
      ["Plain", "x"],
    ]);
  });
  it("gives the same rows whatever the chunk boundaries, a doubled quote split across two included", async () => {
    const text = 'a,"b ""q"" c"\n"x,y",z\n';
    const whole = await rows(text);
    for (let cut = 1; cut < text.length; cut++) expect(await rows(text.slice(0, cut), text.slice(cut)), `cut at ${cut}`).toEqual(whole);
    expect(whole).toEqual([
      ["a", 'b "q" c'],
      ["x,y", "z"],
    ]);
  });
  it("keeps empty fields and a last line without a line break", async () => {
    expect(await rows("a,,c\n,,\nend")).toEqual([["a", "", "c"], ["", "", ""], ["end"]]);
  });
  it("keeps at most the cap of a field and the first fields of a row, quoted or not, across chunks", async () => {
    const long = "z".repeat(100_000);
    const limits = { maxFieldChars: 5, maxFields: 3 };
    expect(await capped(limits, `${long},"${long.slice(0, 50_000)}`, `""${long.slice(50_000)}",b,c,d,e\nnext`)).toEqual([["zzzzz", "zzzzz", "b"], ["next"]]);
    expect(await capped(limits, '"ab""cd""ef",x')).toEqual([['ab"cd', "x"]]);
  });
});
