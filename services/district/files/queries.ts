import { and, eq } from "drizzle-orm";
import type { Reader } from "../../db/client";
import { storedImage } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";

export async function findImage(db: Reader, scope: StaffScope, id: string) {
  const [image] = await db
    .select()
    .from(storedImage)
    .where(and(eq(storedImage.id, id), within(scope, storedImage)));
  return image;
}
