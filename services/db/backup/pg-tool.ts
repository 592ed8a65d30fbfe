import { spawn } from "node:child_process";

/**
 * The server of a DATABASE_URL as it may be shown: host and database name, never the user or password.
 */
export function describeServer(url: string): string {
  const parsed = new URL(url);
  return `database ${decodeURIComponent(parsed.pathname.slice(1)) || "(default)"} on ${parsed.hostname}`;
}

/** The tool ran and said no (exit code not 0); a tool that is missing or cannot start is another error. */
export class PgToolFailed extends Error {}

/** The connection of `url` for a libpq tool: the URL without its password, and the password apart. */
function connection(url: string): { args: string[]; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password) || parsed.searchParams.get("password") || "";
  parsed.password = "";
  parsed.searchParams.delete("password");
  return { args: [`--dbname=${parsed.toString()}`], env: password ? { PGPASSWORD: password } : {} };
}

/**
 * Runs PostgreSQL's `pg_dump` or `pg_restore`, against the database of `url` when given; its output. The
 * password goes to the tool in its environment (PGPASSWORD), not on its command line, where any user of
 * the machine could read it; what the tool says on failure is passed on (it never names the password).
 */
export function runPgTool(tool: "pg_dump" | "pg_restore", args: string[], url?: string): Promise<string> {
  const target = url ? connection(url) : { args: [], env: {} };
  return new Promise((done, fail) => {
    const child = spawn(tool, [...args, ...target.args], { env: { ...process.env, ...target.env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.once("error", (error: NodeJS.ErrnoException) =>
      fail(
        new Error(
          error.code === "ENOENT"
            ? `${tool} was not found: install PostgreSQL's client tools, of the server's major version or newer (Debian: postgresql-client).`
            : `${tool} could not be started: ${error.message}`,
        ),
      ),
    );
    child.once("close", (code) => {
      if (code === 0) done(output);
      else fail(new PgToolFailed(`${tool} failed (exit code ${code}): ${errors.trim().split("\n").slice(-3).join(" / ") || "no message"}`));
    });
  });
}
