import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A response sent before its request's body was all read (a body refused for its size, an early
 * error) goes out with `Connection: close`. Otherwise the unread rest of the body stays on a kept-alive
 * connection, and the client's next request on it (maybe another user's, through the portal's pool)
 * breaks. Used by the APIs' server and the portal's.
 */
export function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete && !this.headersSent) this.setHeader("connection", "close");
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof writeHead;
}
