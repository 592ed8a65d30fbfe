import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding, precompressedStatic, precompressStatic } from "./precompress";

const script = `//# allFunctionsCalledOnLoad\n${"self.TURBOPACK.push([1,(e)=>{e.v('a chunk')}]);\n".repeat(200)}`;
const stylesheet = ".hatched{background:red}".repeat(50);

/** A raw request (fetch would decode the body and hide its encoding). */
function get(port: number, path: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    req.end();
  });
}

describe("the build's scripts and stylesheets, compressed once and served as they are", () => {
  let dir = "";
  let server: Server;
  let port = 0;
  let compressed = 0;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "precompress-"));
    for (const folder of ["chunks", "media", "build-1"]) mkdirSync(join(dir, folder));
    writeFileSync(join(dir, "chunks", "a1.js"), script);
    writeFileSync(join(dir, "chunks", "s1.css"), stylesheet);
    writeFileSync(join(dir, "build-1", "_buildManifest.js"), "self.__BUILD_MANIFEST={};");
    writeFileSync(join(dir, "media", "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    compressed = await precompressStatic(dir);
    const serve = precompressedStatic(dir);
    // What Next would answer: anything the precompressed files do not.
    server = createServer((req, res) => serve(req, res) || res.writeHead(299, { "x-served-by": "next" }).end());
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((closed) => server.close(closed));
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes a brotli and a gzip copy beside every script and stylesheet, and none beside anything else", () => {
    expect(compressed).toBe(3);
    for (const file of ["chunks/a1.js", "chunks/s1.css", "build-1/_buildManifest.js"]) {
      expect(existsSync(join(dir, `${file}.br`)), file).toBe(true);
      expect(existsSync(join(dir, `${file}.gz`)), file).toBe(true);
    }
    expect(existsSync(join(dir, "media", "logo.png.br"))).toBe(false);
  });

  it("sends brotli to a browser that takes it, the same bytes once decoded, with the type, length and lasting cache", async () => {
    const answer = await get(port, "/_next/static/chunks/a1.js?v=1", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "application/javascript; charset=utf-8",
      "content-length": String(answer.body.length),
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
    });
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
    expect(answer.body.length).toBeLessThan(script.length / 10);
    const css = await get(port, "/_next/static/chunks/s1.css", { "accept-encoding": "br" });
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(brotliDecompressSync(css.body).toString()).toBe(stylesheet);
  });

  it("sends gzip where brotli is not taken or refused, and a HEAD its head alone", async () => {
    for (const accept of ["gzip", "br;q=0, gzip;q=0.5", "deflate, gzip"]) {
      const answer = await get(port, "/_next/static/build-1/_buildManifest.js", { "accept-encoding": accept });
      expect(answer.headers["content-encoding"], accept).toBe("gzip");
      expect(gunzipSync(answer.body).toString()).toBe("self.__BUILD_MANIFEST={};");
    }
    const head = await get(port, "/_next/static/chunks/a1.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it("leaves to Next what it has no copy for: a client taking neither, another file, a way out of the folder, a POST", async () => {
    const passed = [
      await get(port, "/_next/static/chunks/a1.js", { "accept-encoding": "identity" }),
      await get(port, "/_next/static/chunks/a1.js", {}),
      await get(port, "/_next/static/chunks/missing.js", { "accept-encoding": "br" }),
      await get(port, "/_next/static/media/logo.png", { "accept-encoding": "br" }),
      await get(port, "/_next/static/chunks/../chunks/a1.js", { "accept-encoding": "br" }),
      await get(port, "/_next/static/chunks/a1.js.br", { "accept-encoding": "br" }),
      await get(port, "/_next/static/chunks/a1.js", { "accept-encoding": "br" }, "POST"),
    ];
    expect(passed.map((answer) => answer.headers["x-served-by"])).toEqual(Array(passed.length).fill("next"));
  });

  it("reads Accept-Encoding as HTTP says: q=0 refuses, * takes any, case and spaces do not matter", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding(" BR ; q=1 ")).toBe("br");
    expect(chooseEncoding("br;q=0,gzip")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
