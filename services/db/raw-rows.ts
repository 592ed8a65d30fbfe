/**
 * The rows of a raw `db.execute`: the embedded driver wraps them in `rows`, the server's hands over the
 * array itself. Column names are the database's (snake_case), values as the driver gives them.
 */
export function rawRows<T extends Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
