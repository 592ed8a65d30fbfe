import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every file below `dir`, as paths (none when there is no `dir`: `npm run dev` before a build); the build's steps share it. */
export const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: "utf8" })
        .map((name) => join(dir, name))
        .filter((path) => statSync(path).isFile())
    : [];
