import { and, eq, ne } from "drizzle-orm";
import type { Reader } from "../../db/client";
import { sameName } from "../../db/names";
import { district } from "../../db/schema";
import { systemScope, within } from "../../db/scope";

/** District names are unique within their state, so the check asks every district of the state, not only the caller's. */
const wholeState = systemScope("district names are unique in their state");

export async function isDistrictNameTaken(db: Reader, of: { id: string; stateId: string }, name: string): Promise<boolean> {
  const [clash] = await db
    .select({ id: district.id })
    .from(district)
    .where(and(eq(district.stateId, of.stateId), ne(district.id, of.id), sameName(district.name, name), within(wholeState, district)))
    .limit(1);
  return Boolean(clash);
}
