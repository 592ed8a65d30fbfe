/** A unique index refused the write (PostgreSQL 23505), whichever driver and wrapper threw it. */
export function isUniqueViolation(error: unknown, index: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const fields = e as Error & { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (fields.code === "23505") return fields.constraint === index || fields.constraint_name === index || e.message.includes(index);
  }
  return false;
}

/**
 * Runs a write that a unique index guards: two concurrent writes of one name both pass the check before
 * it, and the index stops the second, which then gets the same answer as a check would have given.
 */
export async function guardUnique<T>(index: string, onViolation: () => Error, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, index)) throw onViolation();
    throw error;
  }
}
