import { clientApi, districtApi } from "@/lib/client-api";
import { searchPresence, type PresenceChallenge, type PresenceProof } from "@/lib/contract/presence-proof";

/** How far along the search is, 0 to 1: against twice the tries expected on average, so it rarely waits at the end. */
export const presenceShare = (tried: number, bits: number) => Math.min(0.99, tried / 2 ** (bits + 1));

type Message = { kind: "progress"; tried: number } | { kind: "solved"; solution: string };

/** Searches on the page's own thread, in short slices, where a worker cannot be started. */
async function searchHere(challenge: string, bits: number, onProgress: (tried: number) => void): Promise<string> {
  const slice = 5_000;
  for (let from = 0; ; from += slice) {
    const solution = searchPresence(challenge, bits, from, slice);
    if (solution !== null) return solution;
    onProgress(from + slice);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Asks the API for a challenge and solves it in a Web Worker (issue 35, finding 1): the proof that a person
 * is registering, sent with the registration. `onProgress` gets the share done, 0 to 1.
 */
export async function provePresence(onProgress: (share: number) => void): Promise<PresenceProof> {
  const { challenge, bits } = await clientApi<PresenceChallenge>(districtApi("staff/register/challenge"), { method: "GET" });
  onProgress(0);
  let worker: Worker | null = null;
  try {
    worker = new Worker(new URL("./presence-worker.ts", import.meta.url), { type: "module" });
  } catch {
    worker = null;
  }
  if (!worker) return { challenge, solution: await searchHere(challenge, bits, (tried) => onProgress(presenceShare(tried, bits))) };
  const running = worker;
  const solution = await new Promise<string>((resolve) => {
    running.onmessage = (event: MessageEvent<Message>) => {
      if (event.data.kind === "progress") onProgress(presenceShare(event.data.tried, bits));
      else resolve(event.data.solution);
    };
    // A worker the browser refused to load: the page's own thread does the work.
    running.onerror = (event) => {
      event.preventDefault();
      void searchHere(challenge, bits, (tried) => onProgress(presenceShare(tried, bits))).then(resolve);
    };
    running.postMessage({ challenge, bits });
  }).finally(() => running.terminate());
  onProgress(1);
  return { challenge, solution };
}
