import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildServers, SERVER_ENTRIES } from "../scripts/release-build";
import { openDatabase } from "../services/db/client";
import { startApiProcess } from "../services/test/api-process";
import { migrateAndSeed } from "../services/test/seeded-template";
import { processCpuSeconds } from "./process-cpu";
import { median } from "./stats";

/**
 * What a test pays each time it starts the APIs as a process (services/test/server-bundle.ts): from the spawn
 * to readiness 200 (polled every 200 ms, as the tests poll) on a copy of the seeded demo, wall time and the process's CPU, from the source under tsx
 * and from the release bundle. Alternates the two so a busy machine weighs on both alike.
 */
async function startOnce(args: string[], seeded: string): Promise<{ wall: number; cpu: number }> {
  const root = mkdtempSync(join(tmpdir(), "bench-api-start-"));
  try {
    const dataDir = join(root, "db");
    mkdirSync(dataDir);
    execFileSync("tar", ["-xf", seeded, "-C", dataDir], { stdio: "ignore" });
    const began = performance.now();
    const apis = await startApiProcess({ DATA_DIR: dataDir }, args);
    const wall = performance.now() - began;
    const cpu = processCpuSeconds(apis.child.pid ?? 0) * 1000;
    await apis.stop();
    return { wall, cpu };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function benchApiStart(runs: number) {
  const root = mkdtempSync(join(tmpdir(), "bench-api-start-"));
  try {
    const database = await openDatabase({ memory: true });
    await migrateAndSeed(database);
    const dump = await database.dumpDataDir?.();
    await database.close();
    if (!dump) throw new Error("the embedded database gave no dump");
    const seeded = join(root, "seeded.tar");
    writeFileSync(seeded, new Uint8Array(await dump.arrayBuffer()));
    const bundle = join("node_modules", ".cache", `bench-api-start-${randomBytes(4).toString("hex")}`);
    await buildServers(bundle);
    const ways = { "source under tsx": ["--import", "tsx", SERVER_ENTRIES.services], "release bundle": [join(bundle, "services.mjs")] };
    const results = new Map<string, { wall: number; cpu: number }[]>(Object.keys(ways).map((k) => [k, []]));
    try {
      for (let run = 0; run < runs; run++) for (const [way, args] of Object.entries(ways)) results.get(way)?.push(await startOnce(args, seeded));
    } finally {
      rmSync(bundle, { recursive: true, force: true });
    }
    console.log(`\nThe APIs as a test's process, spawn to readiness on a seeded copy (median of ${runs}):`);
    for (const [way, times] of results)
      console.log(
        `  ${way.padEnd(18)} ${(median(times.map((t) => t.wall)) / 1000).toFixed(2)} s, ${(median(times.map((t) => t.cpu)) / 1000).toFixed(2)} s of CPU`,
      );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
