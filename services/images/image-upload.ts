import type { Context } from "hono";
import { and, eq } from "drizzle-orm";
import { imageMessages, MAX_IMAGE_BYTES } from "../../lib/contract/images";
import type { Db } from "../db/client";
import { storedImage } from "../db/schema";
import { within, type StaffScope } from "../db/scope";
import type { ApiEnv } from "../http/context";
import { AppError } from "../http/errors";
import { normalizeImage } from "./normalize-image";

type Writer = Pick<Db, "insert" | "delete">;

/** Room for up to four images and the form's own bytes. */
export const MAX_IMAGE_FORM_BYTES = 4 * MAX_IMAGE_BYTES + 64 * 1024;

/** The multipart form of an upload call; a body that is not a form reads as an empty one. */
export async function readForm(c: Context<ApiEnv>): Promise<Record<string, unknown>> {
  try {
    return (await c.req.parseBody()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The image file of one form field, normalised; too large or not an image → 400/413 with a clear message. */
export async function imageFrom(value: unknown): Promise<Awaited<ReturnType<typeof normalizeImage>>> {
  if (!(value instanceof File) || value.size === 0) throw new AppError("bad_request", imageMessages.fileRequired);
  if (value.size > MAX_IMAGE_BYTES) throw new AppError("too_large", imageMessages.tooLarge);
  return normalizeImage(new Uint8Array(await value.arrayBuffer()));
}

/** Stores a normalised image for a district and returns its id. */
export async function saveImage(db: Writer, districtId: string, createdBy: string, image: Awaited<ReturnType<typeof normalizeImage>>): Promise<string> {
  const [row] = await db
    .insert(storedImage)
    .values({ districtId, bytes: image.bytes, width: image.width, height: image.height, createdBy })
    .returning({ id: storedImage.id });
  if (!row) throw new Error("image insert returned nothing");
  return row.id;
}

/** The image an upload replaced is not referenced any more. */
export async function dropImage(db: Writer, scope: StaffScope, id: string | null | undefined) {
  if (id) await db.delete(storedImage).where(and(eq(storedImage.id, id), within(scope, storedImage)));
}
