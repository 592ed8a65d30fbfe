import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const INPUTS = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "next.config.mjs",
  "tailwind.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  // The steps after Next's build that change what it made (the compile hints, the compressed copies).
  "scripts/release-build.ts",
  "scripts/compile-hints.ts",
  "scripts/precompress.ts",
  "scripts/files-under.ts",
];
const MARKER = join(".next", "portal-build-fingerprint");

function walk(path: string, into: string[]) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isDirectory()) for (const entry of readdirSync(path).sort()) walk(join(path, entry), into);
  else into.push(`${path}:${stat.size}:${stat.mtimeMs}`);
}

/** A hash of what the portal build depends on (file names, sizes, times, and public env), to rebuild only when stale. */
export function currentFingerprint(env: NodeJS.ProcessEnv): string {
  const lines: string[] = [];
  for (const input of INPUTS) walk(input, lines);
  for (const [k, v] of Object.entries(env).sort()) if (k.startsWith("NEXT_PUBLIC_")) lines.push(`${k}=${v}`);
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}

export const builtFingerprint = () => (existsSync(MARKER) && existsSync(join(".next", "BUILD_ID")) ? readFileSync(MARKER, "utf8") : null);
export const saveFingerprint = (value: string) => writeFileSync(MARKER, value);
