import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { importMessages, MAX_SPREADSHEET_BYTES } from "../../lib/contract/imports";
import { AppError } from "../http/errors";

const FOLDER_PREFIX = "portal-uploads-";

let folder: Promise<string> | undefined;

/**
 * This process's own folder for uploads, made once (mode 0700, named with the pid so a later start can
 * tell whose it is), so no other user of the machine can read an upload while it is being staged.
 */
const uploadFolder = () => (folder ??= mkdtemp(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`)));

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // running, as another user
  }
};

/**
 * At start: removes the upload folders of processes that are no longer running (a crash leaves its
 * files behind). Several API processes may share the machine, so a live process's folder is left alone.
 */
export async function sweepStaleUploadFolders(): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    const pid = Number(/^portal-uploads-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) await rm(join(tmpdir(), name), { recursive: true, force: true });
  }
}

export type SavedUpload = { path: string; filename: string; size: number; remove: () => Promise<void> };

/**
 * Streams the multipart upload's `file` field to a temporary file (0600, in this process's private
 * folder), never holding it in memory, and stops at the size limit. Every refusal removes it; the caller
 * removes it when done.
 */
export async function saveUpload(request: Request): Promise<SavedUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!request.body || !type.startsWith("multipart/form-data")) throw new AppError("bad_request", importMessages.fileRequired);
  const path = join(await uploadFolder(), randomUUID());
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
    saved = pipeline(file, createWriteStream(path, { mode: 0o600 })).then(() => ({ filename: info.filename || "upload", size, truncated }));
  });
  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser);
  } catch {
    await remove();
    throw new AppError("bad_request", importMessages.fileRequired);
  }
  const result = await (saved as Promise<{ filename: string; size: number; truncated: boolean }> | null)?.catch(async (error: unknown) => {
    await remove();
    throw error;
  });
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
