import { createServer, type Server } from "node:http";
import { SMTPServer } from "smtp-server";

export type SunkMessage = { to: string[]; raw: string; receivedAt: number };

/**
 * A real SMTP server that keeps what it receives, plus a small HTTP mailbox for the tests to read:
 * GET /messages?to=address returns that address's messages, newest last. GET /ready answers 200
 * once `markReady` is called: Playwright waits on it, so tests start only when the whole stack is up.
 * GET /restarts tells the suite's teardown whether anything crashed and was restarted.
 */
export async function startMailSink(smtpPort: number, httpPort: number) {
  const messages: SunkMessage[] = [];
  let ready = false;
  let restarts = () => 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({ to, raw: Buffer.concat(chunks).toString("utf8"), receivedAt: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((ready) => smtp.listen(smtpPort, "127.0.0.1", ready));

  const http: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://mailbox");
    if (url.pathname === "/restarts") {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ restarts: restarts() }));
      return;
    }
    if (url.pathname === "/ready") {
      response.statusCode = ready ? 200 : 503;
      response.end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = messages.filter((m) => !to || m.to.includes(to));
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(list));
  });
  await new Promise<void>((ready) => http.listen(httpPort, "127.0.0.1", ready));

  return {
    markReady: () => {
      ready = true;
    },
    /** GET /restarts answers how many times the stack's supervisor restarted a crashed part. */
    reportRestarts: (count: () => number) => {
      restarts = count;
    },
    stop: async () => {
      await new Promise((done) => smtp.close(() => done(undefined)));
      await new Promise((done) => http.close(() => done(undefined)));
    },
  };
}
