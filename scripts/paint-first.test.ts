import { describe, expect, it } from "vitest";
import { createChunkRewriter, loaderScript } from "./paint-first";

const nonce = "n0nce+/==";
const page =
  `<!DOCTYPE html><html><head><link rel="preload" as="script" fetchPriority="low" nonce="${nonce}" href="/_next/static/chunks/main.js"/>` +
  `<script src="/_next/static/chunks/a1.js" async="" nonce="${nonce}"></script>` +
  `<script src="/_next/static/chunks/turbopack-b2.js" async="" nonce="${nonce}"></script>` +
  `<script src="/_next/static/chunks/poly.js" noModule="" nonce="${nonce}"></script></head>` +
  `<body><h1>Schools</h1><script nonce="${nonce}">self.__next_f.push([1,"<script src=\\"x\\">"])</script>` +
  `<script src="/_next/static/chunks/main.js" nonce="${nonce}" async=""></script></body></html>`;

const rewriteWhole = (text: string) => {
  const rewriter = createChunkRewriter();
  return rewriter.push(text) + rewriter.end();
};

describe("the paint-first rewrite of a page", () => {
  const out = rewriteWhole(page);

  it("turns every chunk that runs on arrival into a call to the loader, without a preload of its own", () => {
    for (const chunk of ["a1", "turbopack-b2", "main"]) {
      expect(out).not.toContain(`<script src="/_next/static/chunks/${chunk}.js"`);
      expect(out).toContain(`<script nonce="${nonce}">__paintFirst("/_next/static/chunks/${chunk}.js")</script>`);
    }
    expect(out).not.toContain(`href="/_next/static/chunks/a1.js"`);
  });

  it("defines the loader once, with the page's nonce, before the first call", () => {
    expect(out.split(loaderScript).length - 1).toBe(1);
    expect(out.indexOf(`<script nonce="${nonce}">${loaderScript}</script>`)).toBeLessThan(out.indexOf('__paintFirst("'));
  });

  it("leaves the polyfill that modern browsers never run, inline scripts and the rest of the page as they were", () => {
    expect(out).toContain(`<script src="/_next/static/chunks/poly.js" noModule="" nonce="${nonce}"></script>`);
    expect(out).toContain(`self.__next_f.push([1,"<script src=\\"x\\">"])`);
    expect(out).toContain("<body><h1>Schools</h1>");
  });

  it("gives the same page however the stream is cut", () => {
    for (let cut = 1; cut < page.length; cut++) {
      const rewriter = createChunkRewriter();
      expect(rewriter.push(page.slice(0, cut)) + rewriter.push(page.slice(cut)) + rewriter.end(), `cut at ${cut}`).toBe(out);
    }
  });

  it("leaves a document without chunk tags alone", () => {
    expect(rewriteWhole("<p>No script here</p>")).toBe("<p>No script here</p>");
  });
});
