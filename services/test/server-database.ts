import { randomBytes } from "node:crypto";
import postgres from "postgres";

/**
 * A new database on the PostgreSQL server of `serverUrl` (TEST_DATABASE_URL), empty or a copy of `template`:
 * its URL, and a way to drop it.
 */
export async function freshServerDatabase(serverUrl: string, prefix = "portal_test", template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
