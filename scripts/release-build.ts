import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { builtFingerprint, currentFingerprint, saveFingerprint } from "./build-fingerprint";
import { addCompileHints } from "./compile-hints";
import { precompressStatic } from "./precompress";

/**
 * The release build (`npm run build`, architecture 'Production'): one artefact for both tiers, run on any
 * number of machines with plain `node`, never built on them.
 * - The portal: Next's production build in `.next`, its build id pinned (PORTAL_BUILD_ID, else the
 *   commit, else the sources' fingerprint), so every instance serves the same, identically named build.
 * - The servers: the portal's server, the APIs and the database commands bundled to JavaScript in
 *   `dist/` (their packages stay in node_modules), with the committed migrations beside them.
 * The portal is rebuilt only when its sources or public settings changed (`scripts/build-fingerprint.ts`).
 * Its script chunks get a compile hint once built (`scripts/compile-hints.ts`), and its scripts and stylesheets
 * are compressed then, not per request (`scripts/precompress.ts`).
 */
const nextBin = resolve("node_modules/next/dist/bin/next");

export const SERVER_ENTRIES = {
  "portal-server": "scripts/portal-server.ts",
  services: "services/main.ts",
  "db-migrate": "services/db/migrate-cli.ts",
  "db-seed": "services/db/seed-cli.ts",
  "db-backup": "services/db/backup/backup-cli.ts",
  "db-restore": "services/db/backup/restore-cli.ts",
  "create-super-admin": "services/db/create-super-admin-cli.ts",
  "billing-check": "services/billing/ledger/check-cli.ts",
  housekeeping: "services/housekeeping/housekeeping-cli.ts",
};

function commit(): string | undefined {
  const result = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() || undefined : undefined;
}

/** Next's build, when the sources or the public settings changed since the last one. */
export async function buildPortal(env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): Promise<void> {
  const fingerprint = currentFingerprint(env);
  if (builtFingerprint() === fingerprint) return;
  const buildId = env.PORTAL_BUILD_ID || commit() || fingerprint.slice(0, 12);
  log(`[build] building the portal (build ${buildId})…`);
  const child = spawn(process.execPath, [nextBin, "build"], {
    env: { ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", PORTAL_BUILD_ID: buildId },
    stdio: "inherit",
  });
  const code = await new Promise<number>((done) => child.once("exit", (c) => done(c ?? 1)));
  if (code !== 0) throw new Error(`The portal build failed (exit code ${code}).`);
  // Each chunk's functions compiled while it downloads, off the main thread (scripts/compile-hints.ts).
  log(`[build] compile hints added to ${addCompileHints(join(".next", "static", "chunks"))} script chunks`);
  // Brotli's and gzip's best, once, instead of a quick pass on every cold load (scripts/precompress.ts).
  log(`[build] ${await precompressStatic(join(".next", "static"))} scripts and stylesheets compressed`);
  saveFingerprint(fingerprint);
}

/**
 * The servers and commands as JavaScript in `outdir` (dist/), with the migrations they apply. The folder must be
 * inside the project: the bundles import their packages from its node_modules.
 */
export async function buildServers(outdir = "dist"): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: SERVER_ENTRIES,
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  // services/db/client.ts finds them beside the file it is bundled into.
  mkdirSync(outdir, { recursive: true });
  cpSync("services/db/migrations", join(outdir, "migrations"), { recursive: true });
  writeFileSync(join(outdir, "BUILD"), `${JSON.stringify({ commit: commit() ?? null, builtAt: new Date().toISOString() })}\n`);
}
