import type { AddressInfo, Socket } from "node:net";
import { serve, type ServerType } from "@hono/node-server";

export type ListeningStandIn = {
  /** http://127.0.0.1:{port}: a PAYSTACK_BASE_URL. */
  url: string;
  /** What answers there (set once the stand-in's app exists: it needs the API's database, made after the port is known). */
  serve: (app: { fetch: (request: Request) => Response | Promise<Response> }) => void;
  /** Stops listening, so connections to the port are refused (the provider unreachable), and listens again on the same port. */
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A loopback port for the provider stand-in in tests: the billing API reaches it over HTTP, as it reaches Paystack.
 * The port comes first, so the API's configuration can name it.
 */
export async function listenStandIn(): Promise<ListeningStandIn> {
  let app: { fetch: (request: Request) => Response | Promise<Response> } | undefined;
  const sockets = new Set<Socket>();
  const server: ServerType = serve({
    fetch: (request) => (app ? app.fetch(request) : new Response("starting", { status: 503 })),
    port: 0,
    hostname: "127.0.0.1",
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((ready) => (server.listening ? ready() : server.once("listening", () => ready())));
  const port = (server.address() as AddressInfo).port;
  const down = () =>
    new Promise<void>((closed) => {
      if (!server.listening) return closed();
      server.close(() => closed());
      for (const socket of sockets) socket.destroy();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (next) => void (app = next),
    down,
    up: () => new Promise<void>((ready) => (server.listening ? ready() : server.listen(port, "127.0.0.1", () => ready()))),
    close: down,
  };
}
