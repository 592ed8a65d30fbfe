/**
 * An error as the log may keep it: error names, database codes and constraint names, the SQL text
 * (with $1 placeholders) and stack frames, never the values a query was given nor a driver's message,
 * which quotes them (e-mail addresses, password hashes, whole uploaded cells).
 */
export function describeForLog(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (!(current instanceof Error)) {
      parts.push(`(${typeof current})`);
      break;
    }
    const e = current as Error & Record<string, unknown>;
    const text = (key: string) => (typeof e[key] === "string" ? (e[key] as string) : undefined);
    const sqlState = text("code");
    const constraint = text("constraint") ?? text("constraint_name");
    const table = text("table") ?? text("table_name");
    if (text("query") !== undefined) parts.push(`${e.name}: failed query: ${text("query")}`);
    else if (sqlState && /^[0-9A-Z]{5}$/.test(sqlState))
      parts.push(`${e.name} ${sqlState}${constraint ? ` constraint=${constraint}` : ""}${table ? ` table=${table}` : ""}`);
    else parts.push(`${e.name}: ${e.message}`);
    const frames = (e.stack ?? "")
      .split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .slice(0, 6);
    if (frames.length > 0 && depth === 0) parts.push(frames.join("\n"));
    current = e.cause;
  }
  return parts.join("\n  caused by ");
}
