/// <reference lib="webworker" />
import { searchPresence } from "@/lib/contract/presence-proof";

/**
 * The registration page's proof of presence, worked out off the page's thread: tries numbers in batches,
 * reporting how many it has tried after each, until one solves the challenge.
 */
const batch = 20_000;

self.onmessage = (event: MessageEvent<{ challenge: string; bits: number }>) => {
  const { challenge, bits } = event.data;
  for (let from = 0; ; from += batch) {
    const solution = searchPresence(challenge, bits, from, batch);
    if (solution !== null) {
      self.postMessage({ kind: "solved", solution });
      return;
    }
    self.postMessage({ kind: "progress", tried: from + batch });
  }
};
