import { mailboxUrl } from "./ports";

/**
 * Fails the run when the stack's supervisor restarted a crashed part during it: in a normal run
 * nothing crashes, and a crash must never hide behind a restart.
 */
export default async function globalTeardown() {
  const { restarts } = (await (await fetch(`${mailboxUrl}/restarts`)).json()) as { restarts: number };
  if (restarts > 0) throw new Error(`A part of the stack crashed and was restarted ${restarts} time(s) during the run; see the [start] lines in the log.`);
}
