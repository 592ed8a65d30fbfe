import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";

/**
 * The data-folder lock (data-dir-lock.ts) lives in the folder, so PGlite's archive carries it: it names
 * the process that held the folder then, never one that holds a restored copy.
 */
const lockEntry = "portal.lock";
/** Every PostgreSQL data folder has these; an archive without them is not one. */
const requiredEntries = ["PG_VERSION", "global/pg_control"];
const walSegment = /^pg_wal\/([0-9A-F]{24})$/;

const BLOCK = 512;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1").replace(/\0.*$/s, "");
const octal = (bytes: Uint8Array) => parseInt(text(bytes).trim() || "0", 8);

/** A header's checksum: the sum of its bytes, with the checksum field itself counted as spaces. */
function checksumHolds(header: Uint8Array): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return octal(header.subarray(148, 156)) === sum;
}

type Entry = { name: string; start: number; end: number };

/** The entries of a tar (ustar, as PGlite writes it), each header checked; null when it is not a whole tar. */
function tarEntries(tar: Uint8Array): Entry[] | null {
  const entries: Entry[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break; // the end-of-archive blocks
    if (!checksumHolds(header)) return null;
    // PGlite's tar keeps 131 bytes of prefix (the star layout): its names never need more.
    const prefix = text(header.subarray(345, 476));
    const name = (prefix ? `${prefix}/` : "") + text(header.subarray(0, 100));
    const size = octal(header.subarray(124, 136));
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (!Number.isFinite(size) || end > tar.length) return null;
    entries.push({ name: name.replace(/^\/+/, ""), start: offset, end });
    offset = end;
  }
  return entries.length > 0 ? entries : null;
}

/** The entries, or why the tar of `file` is not a database folder. */
function dataFolderEntries(tar: Uint8Array, file: string): Entry[] {
  const entries = tarEntries(tar);
  if (!entries) throw new Error(`${file} is not a backup of the embedded database (it holds no tar archive, or a damaged one).`);
  const names = new Set(entries.map((e) => e.name));
  const missing = requiredEntries.filter((name) => !names.has(name));
  if (missing.length > 0) throw new Error(`${file} is not a backup of the embedded database: it holds no database folder (no ${missing.join(", ")}).`);
  return entries;
}

/** The tar with only the entries kept (itself when all are), ended as a tar ends. */
function keeping(tar: Uint8Array, entries: Entry[], keep: (name: string) => boolean): Uint8Array<ArrayBuffer> {
  const kept = entries.filter((e) => keep(e.name));
  const result = kept.length === entries.length ? tar : Buffer.concat([...kept.map((e) => tar.subarray(e.start, e.end)), new Uint8Array(2 * BLOCK)]);
  // Node's gunzip and concat make buffers of their own, never shared memory: what a Blob takes.
  return result as Uint8Array<ArrayBuffer>;
}

/**
 * The archive of a backup: PGlite's tar of the data folder (`dumpDataDir`), taken just after a checkpoint,
 * gzip'd, without the lock file and without the log segments past `currentWalSegment` (the one holding the
 * log's end): PostgreSQL keeps those as recycled files for later use, their contents are old and recovery
 * never reads them (pg_basebackup leaves them out too). Without them the archive is a third the size.
 */
export async function packEmbeddedArchive(tar: Uint8Array, currentWalSegment: string): Promise<Uint8Array> {
  const entries = dataFolderEntries(tar, "The archive PGlite made");
  const recycled = (name: string) => (walSegment.exec(name)?.[1] ?? "") > currentWalSegment;
  const kept = keeping(tar, entries, (name) => name !== lockEntry && !recycled(name));
  // The fastest level: the product is stopped while a backup is taken, and the next levels gain a tenth.
  return promisify(gzip)(kept, { level: 1 });
}

/**
 * Checks a backup of the embedded database whole before anything is touched, and gives the tar to load:
 * a gzip'd tar (as packEmbeddedArchive or PGlite's `dumpDataDir` makes it) whose gzip checksum holds, whose
 * every tar header checks out and which holds a PostgreSQL data folder. Anything else is refused in one
 * line. The lock file it may carry is left out.
 */
export async function readEmbeddedArchive(archive: Uint8Array, file: string): Promise<Uint8Array<ArrayBuffer>> {
  if (text(archive.subarray(0, 5)) === "PGDMP")
    throw new Error(`${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to an empty database.`);
  if (archive[0] !== 0x1f || archive[1] !== 0x8b) throw new Error(`${file} is not a backup of the embedded database (it is not a gzip file).`);
  let tar: Uint8Array;
  try {
    tar = await promisify(gunzip)(archive);
  } catch {
    throw new Error(`${file} is damaged or cut short: its compressed data does not check out. Nothing was restored.`);
  }
  return keeping(tar, dataFolderEntries(tar, file), (name) => name !== lockEntry);
}
