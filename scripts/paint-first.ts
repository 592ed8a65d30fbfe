import type { ServerResponse } from "node:http";

/**
 * Paint first, then run the scripts (issue 36, README 'Performance').
 *
 * Next writes each of a page's script chunks as `<script src async>`, fetched while the document is still
 * coming and run as soon as it arrives: on a fast line before the first frame is drawn, on a slow one
 * after. Lighthouse's simulated mobile run (a fast run, replayed on a slow line) counts every chunk whose
 * download ended before the largest paint unless it finds the chunk's evaluation after it (an evaluation
 * under 10 ms it drops, and counts the download), so the same page read as 0.9 s or 2.8 s by a race of
 * milliseconds; and on a phone the chunks shared the line with the document and their evaluation held the
 * first frame back. Here each such tag becomes a call to a small loader, which adds the scripts once the
 * document is parsed and its first frame is on the screen: they are fetched then. A preload kept the
 * downloads early, and the race with them (2.2 s or more in 3 of 5 runs of the school list; without it 1.0
 * to 1.3 s in 10 of 10 runs, bench/lighthouse.ts with BENCH_DETAILS=1). The price on a slow line: the
 * scripts start about a round trip later, after a first paint that comes sooner. On `<html>` the loader sets `data-script="coming"`, and
 * the page's first effect after hydration sets `data-script="ready"` (lib/script-ready.ts): the
 * `load` event no longer waits for the scripts, so a browser test waits for that instead
 * (e2e/support/hydrated.ts, README 'Testing against a deployment').
 */

/**
 * The loader, once per document, before the first chunk. Once the document is parsed, it waits until the
 * frame that draws it has reached the screen: the main thread is free as soon as a frame is drawn, but the
 * frame is presented some milliseconds later, and a script begun in between held it (and, to Lighthouse,
 * came before it). The browser reports a presented frame that drew a larger element than any before as a
 * `largest-contentful-paint` entry; a frame that drew nothing larger reports nothing, so 100 ms after the
 * next frame begins it starts anyway. A hidden tab draws no frame: there it starts at once; and whatever
 * happens, it starts a second after the document was parsed. Scripts added by a script of the page's nonce
 * may run under the CSP's 'strict-dynamic'.
 */
export const loaderScript = [
  "(function(){",
  'var html=document.documentElement,queue=[],started=false;html.setAttribute("data-script","coming");',
  'function add(src){var s=document.createElement("script");s.src=src;s.async=true;document.head.appendChild(s)}',
  "function start(){if(started)return;started=true;queue.splice(0).forEach(add)}",
  "self.__paintFirst=function(src){started?add(src):queue.push(src)};",
  "function afterFirstFrame(){",
  "setTimeout(start,1000);",
  "if(document.hidden)return start();",
  'try{new PerformanceObserver(function(list,observer){observer.disconnect();setTimeout(start,0)}).observe({type:"largest-contentful-paint"})}catch(e){}',
  "requestAnimationFrame(function(){setTimeout(start,100)})",
  "}",
  'if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",afterFirstFrame,{once:true});else afterFirstFrame();',
  "})()",
].join("");

/** Next's tag for a chunk that runs on arrival; not the `noModule` polyfill, which modern browsers never run. */
const chunkTag = /<script src="(\/_next\/static\/chunks\/[\w.-]+\.js)"(?: async="")? nonce="([^"]+)"(?: async="")?><\/script>/g;

/** Whether a matched tag had `async` (one of the two places it can take). */
const isAsync = (tag: string) => tag.includes(' async=""');

/**
 * Rewrites a document as it streams. A tag cut between two writes is held back until its end comes; only
 * an open `<script` (up to its `</script>`) or an unfinished tag at the very end is held.
 */
export function createChunkRewriter() {
  let held = "";
  let loaderSent = false;
  const rewrite = (text: string) =>
    text.replace(chunkTag, (tag, src: string, nonce: string) => {
      if (!isAsync(tag)) return tag;
      const loader = loaderSent ? "" : `<script nonce="${nonce}">${loaderScript}</script>`;
      loaderSent = true;
      return `${loader}<script nonce="${nonce}">__paintFirst("${src}")</script>`;
    });
  return {
    push(text: string): string {
      const whole = held + text;
      const cut = holdFrom(whole);
      held = whole.slice(cut);
      return rewrite(whole.slice(0, cut));
    },
    end(): string {
      const rest = held;
      held = "";
      return rewrite(rest);
    },
  };
}

/** Where the text that may still become (part of) a chunk tag begins: the text's length if none. */
function holdFrom(text: string): number {
  const openScript = text.lastIndexOf("<script");
  if (openScript !== -1 && text.indexOf("</script>", openScript) === -1) return openScript;
  const lastOpen = text.lastIndexOf("<");
  if (lastOpen !== -1 && text.indexOf(">", lastOpen) === -1) return lastOpen;
  return text.length;
}

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;

/**
 * Has an HTML response's chunk tags rewritten on their way out (`res` already compressing, if it does, so
 * the rewrite sees the text). Decided at the first write, when Next has set the response's type.
 */
export function paintFirst(res: ServerResponse) {
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  let rewriter: ReturnType<typeof createChunkRewriter> | null | undefined;
  const decoder = new TextDecoder();
  const decide = () => {
    if (rewriter !== undefined) return rewriter;
    // Next sends a streamed page's head before its first chunk (flushHeaders): with no length, which the
    // rewrite would break. A whole document whose length is already sent is left as it is.
    const html = String(res.getHeader("content-type") ?? "").startsWith("text/html");
    const lengthSent = res.headersSent && res.getHeader("content-length") !== undefined;
    rewriter = html && !lengthSent ? createChunkRewriter() : null;
    if (rewriter && !res.headersSent) res.removeHeader("content-length");
    return rewriter;
  };
  const text = (chunk: unknown, encoding: unknown) =>
    typeof chunk === "string"
      ? encoding && encoding !== "utf8" && encoding !== "utf-8"
        ? Buffer.from(chunk, encoding as BufferEncoding).toString()
        : chunk
      : decoder.decode(chunk as Uint8Array, { stream: true });

  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    const active = decide();
    if (!active || chunk === undefined || chunk === null) return write(chunk, encoding, callback);
    const done = typeof encoding === "function" ? encoding : callback;
    return write(active.push(text(chunk, typeof encoding === "string" ? encoding : undefined)), "utf8", done);
  }) as ServerResponse["write"];

  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    const done = [chunk, encoding, callback].find((a) => typeof a === "function");
    const body = typeof chunk === "function" ? undefined : chunk;
    const active = decide();
    if (!active) return end(chunk, encoding, callback);
    const tail = (body === undefined || body === null ? "" : text(body, typeof encoding === "string" ? encoding : undefined)) + decoder.decode();
    const last = active.push(tail) + active.end();
    return end(last, "utf8", done);
  }) as ServerResponse["end"];
}
