import yauzl from "yauzl";
import { importMessages } from "../../lib/contract/imports";
import { AppError } from "../http/errors";

/** What an honest workbook of a 20 MB upload stays well within. */
const MAX_TOTAL_BYTES = 400 * 1024 * 1024;
const MAX_RATIO = 200;
const MAX_ENTRIES = 5_000;

/**
 * Reads the zip's directory before anything is inflated: an encrypted entry, too many entries, or entries
 * that claim to expand far beyond their compressed size (a zip bomb) are refused, and it must be a workbook.
 */
export function guardWorkbookZip(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) return reject(new AppError("bad_request", importMessages.corrupt));
      let total = 0;
      let entries = 0;
      let workbook = false;
      const fail = (message: string) => {
        zip.close();
        reject(new AppError("bad_request", message));
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
      zip.on("end", () => (workbook ? resolve() : reject(new AppError("bad_request", importMessages.notWorkbook))));
      zip.on("error", () => reject(new AppError("bad_request", importMessages.corrupt)));
      zip.readEntry();
    });
  });
}
