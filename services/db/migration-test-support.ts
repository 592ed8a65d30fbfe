import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/** The migrations as drizzle-kit wrote them, for tests that stop at one and check what the next does to old data. */
const folder = resolve(import.meta.dirname, "migrations");
const journal = JSON.parse(readFileSync(resolve(folder, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
const statements = (tag: string) =>
  readFileSync(resolve(folder, `${tag}.sql`), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);

/** Runs migrations `from` to `to` (by their number), in order, on an embedded database. */
export async function applyMigrations(db: PGlite, from: number, to: number) {
  for (const entry of journal.entries.filter((e) => e.idx >= from && e.idx <= to)) for (const sql of statements(entry.tag)) await db.exec(sql);
}
