import { createServer } from "node:http";
import next from "next";
import { clientAddress } from "../lib/client-address";

/**
 * The portal's HTTP server: Next's request handler behind one step of our own. Next keeps a client's
 * X-Forwarded-* headers as they come, and its route handlers cannot see the socket, so the address the
 * BFF forwards to the APIs' rate limits is decided here: the socket's, or with TRUSTED_PROXY_HOPS > 0
 * the one our proxies saw (lib/client-address.ts). The other X-Forwarded-* headers are believed only
 * from trusted proxies too.
 */
const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.PORTAL_HOST || "localhost";
const hops = Number(process.env.TRUSTED_PROXY_HOPS || 0);
if (!Number.isInteger(hops) || hops < 0) {
  console.error("TRUSTED_PROXY_HOPS must be a whole number (0 when nothing stands in front of the portal).");
  process.exit(1);
}

async function main() {
  const app = next({ dev, hostname, port, turbopack: dev });
  const handle = app.getRequestHandler();
  await app.prepare();
  createServer((req, res) => {
    const forwardedFor = req.headers["x-forwarded-for"];
    const address = clientAddress(
      { socket: req.socket.remoteAddress, forwardedFor: Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor },
      hops,
    );
    if (hops === 0) for (const name of ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded", "x-real-ip"]) delete req.headers[name];
    req.headers["x-forwarded-for"] = address;
    void handle(req, res);
  }).listen(port, hostname, () => console.log(`portal listening on http://${hostname}:${port}`));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
