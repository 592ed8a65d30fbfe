import type { PortalEnv } from "../lib/env-schema";
import { HANDSHAKE_HEADER, signHandshake } from "../services/auth/handshake";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Before the portal takes traffic, each API must say it shares INTERNAL_SECRET (services/auth/handshake.ts).
 * An API that is not up yet is waited for, up to STARTUP_API_WAIT_MS; one that answers "not mine" stops
 * the start at once. Throws the reason, for the caller to print.
 */
export async function checkApisShareSecret(env: PortalEnv, log: (line: string) => void): Promise<void> {
  const deadline = Date.now() + env.STARTUP_API_WAIT_MS;
  for (const [name, base] of [
    ["district API", env.DISTRICT_API_URL],
    ["billing API", env.BILLING_API_URL],
  ] as const) {
    let waiting = false;
    for (;;) {
      const answer = await fetch(`${base.replace(/\/+$/, "")}/internal/handshake`, {
        headers: { [HANDSHAKE_HEADER]: signHandshake(env.INTERNAL_SECRET) },
        signal: AbortSignal.timeout(5_000),
      }).catch(() => null);
      await answer?.arrayBuffer().catch(() => undefined);
      if (answer?.status === 200) break;
      if (answer?.status === 401)
        throw new Error(
          `INTERNAL_SECRET: the ${name} at ${base} does not share this portal's INTERNAL_SECRET; set the same value on the portal and every API instance.`,
        );
      if (Date.now() > deadline)
        throw new Error(
          `DISTRICT_API_URL/BILLING_API_URL: the ${name} at ${base} did not answer within ${env.STARTUP_API_WAIT_MS / 1000} s (${answer ? `status ${answer.status}` : "unreachable"}).`,
        );
      if (!waiting) log(`waiting for the ${name} at ${base} to answer…`);
      waiting = true;
      await sleep(500);
    }
  }
}
