import { request } from "node:http";

/**
 * A GET whose client gives up, as a browser does on navigating away: after `afterMs`, once `once` settles (when the
 * server is known to hold the request), or as soon as the first bytes of the answer's body arrive (halfway through a
 * stream). Resolves once the socket is closed.
 */
export function abandonedGet(
  url: string,
  when: { afterMs: number } | { once: Promise<unknown> } | "first-bytes",
  headers: Record<string, string> = {},
): Promise<void> {
  return new Promise((done) => {
    const req = request(url, { agent: false, headers }, (res) => {
      if (when === "first-bytes") res.once("data", () => req.destroy());
      res.resume();
    });
    req.on("error", () => {});
    req.on("close", () => done());
    if (when === "first-bytes") {
      // given up on in the response handler
    } else if ("once" in when) void when.once.finally(() => req.destroy());
    else setTimeout(() => req.destroy(), when.afterMs);
    req.end();
  });
}
