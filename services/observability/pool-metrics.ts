import client from "prom-client";
import type { Database } from "../db/client";

/**
 * The database connections of this process, read when scraped (services/db/pool-use.ts says how they are
 * counted: neither driver tells). Labelled by `database` (server: a PostgreSQL server's pool, DATABASE_POOL_MAX
 * connections; embedded: PGlite's one). A cluster's workers each have their own pool: their figures add up.
 */
const watched = new Set<Database>();

/** Reports `database`'s connections from now on; the returned function stops it (a test's database, closed). */
export function watchPool(database: Database): () => void {
  watched.add(database);
  return () => watched.delete(database);
}

function perKind(read: (use: ReturnType<Database["poolUse"]>) => number) {
  const sums = new Map<Database["kind"], number>();
  for (const database of watched) sums.set(database.kind, (sums.get(database.kind) ?? 0) + read(database.poolUse()));
  return sums;
}

const gauge = (name: string, help: string, read: (use: ReturnType<Database["poolUse"]>) => number) =>
  new client.Gauge({
    name,
    help,
    labelNames: ["database"],
    collect() {
      this.reset();
      for (const [database, value] of perKind(read)) this.set({ database }, value);
    },
  });

gauge("db_pool_connections_max", "Connections the process may open to its database", (use) => use.size);
gauge("db_pool_connections_in_use", "Connections working for a statement or a transaction now", (use) => Math.min(use.inFlight, use.size));
gauge("db_pool_waiting", "Statements and transactions waiting for a connection now", (use) => Math.max(0, use.inFlight - use.size));
