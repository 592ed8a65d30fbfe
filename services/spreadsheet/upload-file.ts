import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { importMessages, MAX_SPREADSHEET_BYTES } from "../../lib/contract/imports";
import { AppError } from "../http/errors";

export type SavedUpload = { path: string; filename: string; size: number; remove: () => Promise<void> };

/**
 * Streams the multipart upload's `file` field to a temporary file, never holding it in memory, and stops
 * at the size limit. The caller removes the file when done.
 */
export async function saveUpload(request: Request): Promise<SavedUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!request.body || !type.startsWith("multipart/form-data")) throw new AppError("bad_request", importMessages.fileRequired);
  const path = join(tmpdir(), `portal-upload-${randomUUID()}`);
  const remove = () => rm(path, { force: true });
  let saved: Promise<{ filename: string; size: number; truncated: boolean }> | null = null;
  const parser = busboy({ headers: { "content-type": type }, limits: { files: 1, fileSize: MAX_SPREADSHEET_BYTES } });
  parser.on("file", (name, file, info) => {
    if (name !== "file" || saved) {
      file.resume();
      return;
    }
    let size = 0;
    let truncated = false;
    file.on("data", (chunk: Buffer) => (size += chunk.length));
    file.on("limit", () => (truncated = true));
    saved = pipeline(file, createWriteStream(path)).then(() => ({ filename: info.filename || "upload", size, truncated }));
  });
  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser);
  } catch {
    await remove();
    throw new AppError("bad_request", importMessages.fileRequired);
  }
  const result = await (saved as Promise<{ filename: string; size: number; truncated: boolean }> | null);
  if (!result || result.size === 0) {
    await remove();
    throw new AppError("bad_request", importMessages.fileRequired);
  }
  if (result.truncated) {
    await remove();
    throw new AppError("too_large", importMessages.tooLarge);
  }
  return { path, filename: result.filename.slice(0, 200), size: result.size, remove };
}
