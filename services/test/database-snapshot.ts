import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rawRows } from "../db/raw-rows";

export type DatabaseSnapshot = { tables: Record<string, Record<string, unknown>[]>; sequences: Record<string, unknown>[] };

/**
 * Every row of every table of the database, every column as the driver reads it (bytea as bytes), in an
 * order that does not depend on how the rows were written, and where each sequence stands. The tables are
 * read from the catalogue, so a table added later is never left out of a comparison.
 */
export async function snapshotDatabase(db: Db): Promise<DatabaseSnapshot> {
  const tables = rawRows<{ table_schema: string; table_name: string }>(
    await db.execute(sql`
      select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by table_schema, table_name`),
  );
  const snapshot: DatabaseSnapshot = { tables: {}, sequences: [] };
  for (const { table_schema: schema, table_name: name } of tables) {
    const table = `"${schema}"."${name}"`;
    snapshot.tables[`${schema}.${name}`] = rawRows(await db.execute(sql.raw(`select * from ${table} as t order by t::text collate "C"`)));
  }
  snapshot.sequences = rawRows(await db.execute(sql`select schemaname, sequencename, last_value from pg_sequences order by 1, 2`));
  return snapshot;
}
