import { createWriteStream } from "node:fs";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import yazl from "yazl";
import { importMessages } from "../../lib/contract/imports";
import { AppError } from "../http/errors";

/** What an honest workbook of a 20 MB upload stays well within. */
const MAX_TOTAL_BYTES = 400 * 1024 * 1024;
const MAX_RATIO = 200;
const MAX_ENTRIES = 5_000;

const refuse = (message: string) => new AppError("bad_request", message);

/**
 * Reads the zip's directory before anything is inflated: an encrypted entry, too many entries, or entries
 * that claim to expand far beyond their compressed size (a zip bomb) are refused, and it must be a workbook.
 */
export function guardWorkbookZip(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) return reject(refuse(importMessages.corrupt));
      let total = 0;
      let entries = 0;
      let workbook = false;
      const fail = (message: string) => {
        zip.close();
        reject(refuse(message));
      };
      zip.on("entry", (entry: yauzl.Entry) => {
        entries++;
        total += entry.uncompressedSize;
        if (entry.fileName === "xl/workbook.xml") workbook = true;
        if (entry.isEncrypted()) return fail(importMessages.protectedOrOld);
        const ratio = entry.compressedSize > 0 ? entry.uncompressedSize / entry.compressedSize : entry.uncompressedSize > 0 ? Infinity : 0;
        if (entries > MAX_ENTRIES || total > MAX_TOTAL_BYTES || (ratio > MAX_RATIO && entry.uncompressedSize > 1024 * 1024))
          return fail(importMessages.zipBomb);
        zip.readEntry();
      });
      zip.on("end", () => (workbook ? resolve() : reject(refuse(importMessages.notWorkbook))));
      zip.on("error", () => reject(refuse(importMessages.corrupt)));
      zip.readEntry();
    });
  });
}

class TooManyBytes extends Error {}

/** Passes bytes through until `budget.left` runs out, then fails: a hard cap whatever the headers claimed. */
function counted(budget: { left: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      budget.left -= chunk.length;
      if (budget.left < 0) return done(new TooManyBytes());
      done(null, chunk);
    },
  });
}

/**
 * Writes the workbook anew at `out`, inflating each entry the directory lists with the bytes counted as
 * they come: an entry that inflates past its stated size (yauzl checks it) or the whole past
 * MAX_TOTAL_BYTES is refused as a zip bomb while inflating, after a few megabytes at most, never held.
 * The reader then sees only what was checked: entries hidden from the directory, or local headers that
 * disagree with it, are not copied.
 */
export function rewriteCheckedWorkbook(path: string, out: string): Promise<void> {
  const budget = { left: MAX_TOTAL_BYTES };
  const copy = new yazl.ZipFile();
  const written = pipeline(copy.outputStream, createWriteStream(out));
  const read = new Promise<void>((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) return reject(refuse(importMessages.corrupt));
      const fail = (cause: unknown) => {
        zip.close();
        reject(cause instanceof TooManyBytes || /too many bytes/i.test(String(cause)) ? refuse(importMessages.zipBomb) : refuse(importMessages.corrupt));
      };
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return fail(openError);
          const limited = counted(budget);
          stream.on("error", (e) => limited.destroy(e));
          limited.on("error", fail);
          limited.on("end", () => zip.readEntry());
          // Fast deflate: the copy lives for one read; level 1 costs a fraction of the inflating.
          copy.addReadStream(stream.pipe(limited), entry.fileName, { compressionLevel: 1 });
        });
      });
      zip.on("end", () => resolve());
      zip.on("error", fail);
      zip.readEntry();
    });
  });
  return read.then(
    async () => {
      copy.end();
      await written;
    },
    async (error: unknown) => {
      (copy.outputStream as Readable).destroy();
      await written.catch(() => {});
      throw error;
    },
  );
}
