import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { filesUnder } from "./files-under";

/**
 * Compile hints (issue 36, README 'Performance'). V8 compiles a function when it is first called, on the
 * main thread, unless told otherwise: starting a page, Turbopack's runtime calls every module factory of its
 * chunks at once, and in Lighthouse's mobile run half of that long task was the compiling of those factories
 * (the time showed as the runtime's own `instantiateModule`). A script that begins with this comment has
 * all its functions compiled eagerly, which Chromium (136 and later) does on the background thread that
 * compiles the script while it downloads, so the main thread only runs them. Other browsers ignore it.
 *
 * Every chunk gets it, those a page loads later included (a form's schema, the calendar, the cropper): a
 * chunk is fetched because its code is about to run. The price is background work and memory for the
 * functions of a chunk that are never called.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Puts the hint at the top of every script in `dir` (Next's `.next/static/chunks` after a build), once. The
 * comment must come first, so a chunk's source map, where there is one, gets an empty first line too.
 * Returns how many chunks were hinted.
 */
export function addCompileHints(dir: string): number {
  let hinted = 0;
  for (const path of filesUnder(dir)) {
    if (!path.endsWith(".js")) continue;
    const source = readFileSync(path, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(path, COMPILE_HINT + source);
    shiftSourceMap(dirname(path), source);
    hinted++;
  }
  return hinted;
}

/**
 * The chunk's map (named by its last `sourceMappingURL` comment) maps one line lower: a `;` starts its
 * mappings with an empty line, and an index map's sections begin a line later.
 */
function shiftSourceMap(dir: string, source: string) {
  const name = /\/\/# sourceMappingURL=([\w.-]+\.map)\s*$/.exec(source)?.[1];
  const path = name ? join(dir, name) : "";
  if (!path || !existsSync(path)) return;
  type Section = { offset: { line: number; column: number } };
  const map = JSON.parse(readFileSync(path, "utf8")) as { mappings?: string; sections?: Section[] };
  if (typeof map.mappings === "string") map.mappings = `;${map.mappings}`;
  for (const section of map.sections ?? []) section.offset.line += 1;
  writeFileSync(path, JSON.stringify(map));
}
