import "server-only";
import { callUpstream } from "./upstream";

/** How long the billing API's answer is believed: a key set or removed means a restart of the APIs anyway. */
const KEEP_MS = 30_000;
/** An API that could not be asked is asked again soon; meanwhile the stand-in's routes are closed. */
const KEEP_FAILURE_MS = 3_000;

let known: { on: boolean; until: number; asking?: Promise<boolean> } = { on: false, until: 0 };

/**
 * Whether the billing API serves the payment provider's stand-in (issue 33): the portal's stand-in routes and checkout page,
 * which ask for no session, answer only while it says so. Its `GET /wallet/provider` is asked at most every 30 s (concurrent
 * askers share one call); no answer counts as off.
 */
export async function standInIsOn(): Promise<boolean> {
  if (Date.now() < known.until) return known.on;
  if (known.asking) return known.asking;
  const asking = ask().then((answer) => {
    known = { on: answer === true, until: Date.now() + (answer === null ? KEEP_FAILURE_MS : KEEP_MS) };
    return known.on;
  });
  known = { ...known, asking };
  return asking;
}

async function ask(): Promise<boolean | null> {
  try {
    const result = await callUpstream({ target: "billing", method: "GET", path: "wallet/provider" });
    if (result.kind !== "answer" || !result.response.ok) return null;
    const body = (await result.response.json()) as { standIn?: unknown };
    return body.standIn === true;
  } catch {
    return null;
  }
}
