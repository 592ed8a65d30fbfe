/**
 * The address a request comes from, as the rate limits must count it. With no trusted proxy (the
 * default) it is the socket's: a client's own X-Forwarded-For is ignored, so it cannot pick a new
 * address for every try. Behind `hops` proxies of our own, each appending the address it saw, it is
 * the address the outermost of them saw; whatever the client wrote before that is ignored too.
 */
export function clientAddress(request: { socket: string | undefined; forwardedFor: string | undefined }, hops: number): string {
  const chain = [
    ...(request.forwardedFor ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    ...(request.socket ? [request.socket] : []),
  ];
  return chain[Math.max(0, chain.length - 1 - hops)] ?? "unknown";
}
