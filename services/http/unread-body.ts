import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A response sent before its request's body was all read (a body refused for its size, an upload
 * refused for want of permission) must not leave the rest of the body on a kept-alive connection: the
 * client's next request on it (maybe another user's, through the portal's pool) would break. A body of
 * stated length up to DRAIN_LIMIT_BYTES is read to its end and dropped, so the sender finishes sending
 * and reads the answer (closing on it instead cuts the upload off, and the sender sees a failed
 * connection, not the refusal); a larger or unstated one goes out with `Connection: close`. Used by the
 * APIs' server and the portal's.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

export function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete && !this.headersSent) {
      const declared = Number(req.headers["content-length"]);
      if (Number.isFinite(declared) && declared <= DRAIN_LIMIT_BYTES) req.resume();
      else this.setHeader("connection", "close");
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof writeHead;
}
