import { readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { filesUnder } from "./files-under";

/**
 * The build's scripts and stylesheets compressed once, when it is made, instead of on every cold load.
 * The portal's server compressed each chunk per request with brotli at quality 5 (about 30 ms of its CPU
 * for a page's chunks); made once, they can take brotli's best, quality 11: the build's chunks are 776 KB
 * instead of 847 KB (8 % less to bring over a slow line) for 3 s of CPU in the build. Every file under
 * `/_next/static/` is named by its content and never changes, so the server keeps them in memory.
 */
const types: Record<string, string> = { ".js": "application/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };
const encodings = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
type Encoding = (typeof encodings)[number]["name"];

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Writes `name.br` and `name.gz` beside every script and stylesheet under `dir` (Next's `.next/static`, after
 * the compile hints are in). Zlib's thread pool compresses several at once. Returns how many files.
 */
export async function precompressStatic(dir: string): Promise<number> {
  const sources = filesUnder(dir).filter((file) => extname(file) in types);
  await Promise.all(
    sources.map(async (file) => {
      const content = readFileSync(file);
      const [br, gz] = await Promise.all([
        compressBrotli(content, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
        compressGzip(content, { level: 9 }),
      ]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
    }),
  );
  return sources.length;
}

/** The encoding to send: brotli if the request takes it, else gzip, else none (`q=0` refuses one). */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [token = "", ...params] = part
      .toLowerCase()
      .split(";")
      .map((piece) => piece.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (token && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(token);
  }
  return encodings.find(({ name }) => accepted.has(name) || accepted.has("*"))?.name ?? null;
}

/**
 * Serves the precompressed files of `dir` (`.next/static`) at `/_next/static/…`, read into memory once: a
 * GET or HEAD of a script or stylesheet from a client that takes brotli or gzip. Answers false for anything
 * else (another path, a client that takes neither, a file with no compressed copy: `npm run dev`), which
 * Next then serves as before.
 */
export function precompressedStatic(dir: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const files = new Map<string, Buffer>();
  for (const file of filesUnder(dir)) {
    const encoding = encodings.find(({ suffix }) => file.endsWith(suffix));
    if (!encoding || !(extname(file.slice(0, -encoding.suffix.length)) in types)) continue;
    files.set(`/_next/static/${relative(dir, file).split(sep).join("/")}`, readFileSync(file));
  }
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const path = (req.url ?? "").split("?")[0] ?? "";
    const type = types[extname(path)];
    if (!type || !path.startsWith("/_next/static/")) return false;
    const encoding = encodings.find(({ name }) => name === chooseEncoding(req.headers["accept-encoding"]));
    const body = encoding ? files.get(path + encoding.suffix) : undefined;
    if (!encoding || !body) return false;
    res.writeHead(200, {
      "Content-Type": type,
      "Content-Encoding": encoding.name,
      "Content-Length": body.length,
      // As Next serves them: named by their content, so cached for good.
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    });
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
