import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "./compile-hints";

describe("the compile hint at the top of every chunk of a build", () => {
  let dir = "";
  const read = (name: string) => readFileSync(join(dir, name), "utf8");
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "compile-hints-"));
    mkdirSync(join(dir, "nested"));
    writeFileSync(join(dir, "a1.js"), 'self.TURBOPACK.push([1,(e)=>{e.v("a")}]);\n//# sourceMappingURL=a1-src.js.map');
    writeFileSync(join(dir, "a1-src.js.map"), JSON.stringify({ version: 3, sources: ["a.ts"], names: [], mappings: "AAAA" }));
    writeFileSync(join(dir, "b2.js"), "(()=>{})();\n//# sourceMappingURL=b2.js.map");
    writeFileSync(
      join(dir, "b2.js.map"),
      JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: { version: 3, mappings: "AAAA" } }] }),
    );
    writeFileSync(join(dir, "nested", "c3.js"), "var c=1;");
    writeFileSync(join(dir, "style.css"), "body{margin:0}");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("puts the hint first in every script, in folders too, and leaves the rest of each file and the stylesheets as they were", () => {
    expect(addCompileHints(dir)).toBe(3);
    expect(read("a1.js")).toBe(`${COMPILE_HINT}self.TURBOPACK.push([1,(e)=>{e.v("a")}]);\n//# sourceMappingURL=a1-src.js.map`);
    expect(read("nested/c3.js")).toBe(`${COMPILE_HINT}var c=1;`);
    expect(read("style.css")).toBe("body{margin:0}");
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
  });

  it("moves each source map down the line the hint takes, a plain map and an index map alike", () => {
    addCompileHints(dir);
    expect(JSON.parse(read("a1-src.js.map"))).toMatchObject({ sources: ["a.ts"], mappings: ";AAAA" });
    expect(JSON.parse(read("b2.js.map")).sections[0].offset).toEqual({ line: 1, column: 0 });
  });

  it("hints a chunk once when run again", () => {
    addCompileHints(dir);
    expect(addCompileHints(dir)).toBe(0);
    expect(read("b2.js").split(COMPILE_HINT)).toHaveLength(2);
    expect(JSON.parse(read("b2.js.map")).sections[0].offset.line).toBe(1);
  });
});
