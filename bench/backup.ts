import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { syncPermissionCatalogue } from "../services/db/catalogue";
import { openDatabase, type Database } from "../services/db/client";
import { demoDistricts } from "../services/db/demo-data";
import { rawRows } from "../services/db/raw-rows";
import { district } from "../services/db/schema";
import { seedDemo } from "../services/db/seed";
import { runCommand } from "../services/test/run-command";
import type { ServerEntry } from "../services/test/server-bundle";
import { freshServerDatabase } from "../services/test/server-database";
import { seedStudents } from "./students";
import { median } from "./stats";

/**
 * `npm run db:backup` and `npm run db:restore` on a district of 200,000 pupils (BENCH_STUDENTS, seeded as
 * bench/students.ts seeds them): each command's time as an operator waits for it (a process of its own,
 * Node's start included) and the archive's size, on the embedded database and on a fresh database of the
 * PostgreSQL server of BENCH_DATABASE_URL (default: the local one at 127.0.0.1:5432, database test).
 * Each restore goes into a new, empty place. Medians of BENCH_RUNS.
 */
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200_000);
const backupCli = "db-backup";
const restoreCli = "db-restore";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The demo, then the pupils in its first district. */
async function seed(database: Database) {
  const began = performance.now();
  await database.migrate();
  await syncPermissionCatalogue(database.db);
  await seedDemo(database.db);
  const [first] = await database.db
    .select({ id: district.id })
    .from(district)
    .where(eq(district.name, demoDistricts[0]?.name ?? ""));
  if (!first) throw new Error("the demo has no first district");
  await seedStudents(database, first.id, STUDENTS);
  return performance.now() - began;
}

/** One command, timed; it must succeed. */
async function timed(script: ServerEntry, file: string, env: Record<string, string>) {
  const began = performance.now();
  const result = await runCommand(script, [file], env);
  const ms = performance.now() - began;
  if (result.code !== 0) throw new Error(`${script} failed:\n${result.output}`);
  return { ms, output: result.output.trim(), peakMb: result.peakMb };
}

type Timed = Awaited<ReturnType<typeof timed>>;
type Round = { backup: number; restore: number; size: number; backupMb: number; restoreMb: number; said: string };

async function rounds(runs: number, once: (run: number) => Promise<Round>) {
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await once(run));
  const last = results.at(-1);
  return {
    backup: median(results.map((r) => r.backup)),
    restore: median(results.map((r) => r.restore)),
    size: median(results.map((r) => r.size)),
    backupMb: Math.max(...results.map((r) => r.backupMb)),
    restoreMb: Math.max(...results.map((r) => r.restoreMb)),
    said: last?.said ?? "",
  };
}

/** One round's figures: both commands' time and peak memory, the file's size (the file is removed), what the restore said last. */
function outcome(file: string, backup: Timed, restore: Timed): Round {
  const size = statSync(file).size;
  rmSync(file);
  return { backup: backup.ms, restore: restore.ms, size, backupMb: backup.peakMb, restoreMb: restore.peakMb, said: restore.output.split("\n").at(-1) ?? "" };
}

export async function benchBackup(runs: number) {
  const folder = mkdtempSync(join(tmpdir(), "bench-backup-"));
  try {
    // Embedded: the data folder as `npm start` keeps it.
    const dataDir = join(folder, "db");
    const embedded = await openDatabase({ dataDir });
    const seededIn = await seed(embedded).finally(() => embedded.close());
    const folderSize = Number(execFileSync("du", ["-sb", dataDir], { encoding: "utf8" }).split("\t")[0]);
    const local = await rounds(runs, async (run) => {
      const file = join(folder, `embedded-${run}.backup`);
      const backup = await timed(backupCli, file, { DATA_DIR: dataDir });
      const target = join(folder, `restored-${run}`);
      const restore = await timed(restoreCli, file, { DATA_DIR: target });
      rmSync(target, { recursive: true, force: true });
      return outcome(file, backup, restore);
    });
    console.log(
      `backup and restore, ${STUDENTS.toLocaleString("en")} pupils (times and sizes: median of ${runs}; memory: the highest; each command in a process of its own, as run):`,
    );
    console.log(
      `  embedded: seeded in ${seconds(seededIn)}, data folder ${mb(folderSize)}; ` +
        `db:backup ${seconds(local.backup)} (peak ${local.backupMb.toFixed(0)} MB resident), archive ${mb(local.size)}; ` +
        `db:restore ${seconds(local.restore)} (peak ${local.restoreMb.toFixed(0)} MB) (${local.said})`,
    );

    // PostgreSQL: pg_dump and pg_restore, each restore into a new database.
    const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    const source = await freshServerDatabase(serverUrl, "bench_backup");
    try {
      const server = await openDatabase({ url: source.url });
      const serverSeededIn = await seed(server);
      const [sized] = rawRows<{ bytes: string }>(await server.db.execute(sql`select pg_database_size(current_database())::text as bytes`));
      await server.close();
      const remote = await rounds(runs, async (run) => {
        const file = join(folder, `server-${run}.backup`);
        const backup = await timed(backupCli, file, { DATABASE_URL: source.url });
        const target = await freshServerDatabase(serverUrl, "bench_restored");
        try {
          const restore = await timed(restoreCli, file, { DATABASE_URL: target.url });
          return outcome(file, backup, restore);
        } finally {
          await target.drop();
        }
      });
      console.log(
        `  PostgreSQL: seeded in ${seconds(serverSeededIn)}, database ${mb(Number(sized?.bytes))}; db:backup (pg_dump) ${seconds(remote.backup)}, archive ${mb(remote.size)}; ` +
          `db:restore (pg_restore) ${seconds(remote.restore)} (${remote.said}); peak of the command's Node process ${remote.backupMb.toFixed(0)} / ${remote.restoreMb.toFixed(0)} MB (pg_dump and pg_restore apart)`,
      );
    } finally {
      await source.drop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
