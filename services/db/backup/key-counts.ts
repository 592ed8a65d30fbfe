import { count } from "drizzle-orm";
import type { Db } from "../client";
import { district, school, staff, storedImage, student } from "../schema";

/** What an operator checks a backup or a restore by: the rows of a few tables that matter. */
export async function keyCounts(db: Db): Promise<string> {
  const tables = [
    ["districts", district],
    ["schools", school],
    ["staff", staff],
    ["pupils", student],
    ["images", storedImage],
  ] as const;
  const counts = [];
  for (const [label, table] of tables) {
    const [row] = await db.select({ n: count() }).from(table);
    counts.push(`${(row?.n ?? 0).toLocaleString("en")} ${label}`);
  }
  return counts.join(", ");
}

/** A file's size as people read it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
