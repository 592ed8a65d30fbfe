import type { Readable } from "node:stream";
import yauzl from "yauzl";

/** A zip's entries by name, read one at a time as streams, until `close`. */
export type ZipEntries = { has: (name: string) => boolean; read: (name: string) => Promise<Readable>; close: () => void };

export function openZipEntries(path: string): Promise<ZipEntries> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("not a zip"));
      const entries = new Map<string, yauzl.Entry>();
      zip.on("entry", (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on("error", reject);
      zip.on("end", () =>
        resolve({
          has: (name) => entries.has(name),
          read: (name) =>
            new Promise((opened, failed) => {
              const entry = entries.get(name);
              if (!entry) return failed(new Error(`no ${name} in the zip`));
              zip.openReadStream(entry, (e, stream) => (e || !stream ? failed(e ?? new Error("unreadable entry")) : opened(stream)));
            }),
          close: () => zip.close(),
        }),
      );
      zip.readEntry();
    });
  });
}

/** Streams an entry's text (UTF-8) into `write`, a chunk at a time. */
export async function eachTextChunk(stream: Readable, write: (text: string) => void): Promise<void> {
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of stream) write(decoder.decode(chunk as Buffer, { stream: true }));
  write(decoder.decode());
}
