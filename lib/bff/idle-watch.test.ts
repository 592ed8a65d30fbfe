import { describe, expect, it } from "vitest";
import { DRAIN_LIMIT_BYTES, idleWatched } from "./idle-watch";

/** A source of `chunks` chunks of `size` bytes that records whether it was read to its end or cancelled. */
function source(chunks: number, size: number) {
  const seen = { pulled: 0, cancelled: false, ended: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) {
        seen.ended = true;
        controller.close();
        return;
      }
      seen.pulled += 1;
      controller.enqueue(new Uint8Array(size));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("idleWatched", () => {
  it("passes a cancel on to its source by default (a download the browser stopped reading)", async () => {
    const { stream, seen } = source(100, 1024);
    const watched = idleWatched(stream, 1000, () => {});
    const reader = watched.getReader();
    await reader.read();
    await reader.cancel("enough");
    await settle();
    expect(seen.cancelled).toBe(true);
    expect(seen.ended).toBe(false);
  });

  it("reads an upload to its end instead, when the API answered before reading it all", async () => {
    const { stream, seen } = source(100, 1024);
    const watched = idleWatched(stream, 1000, () => {}, "drain");
    const reader = watched.getReader();
    await reader.read();
    await reader.cancel("answered early");
    await settle();
    expect(seen.ended).toBe(true);
    expect(seen.cancelled).toBe(false);
  });

  it("stops draining past the limit and cancels the source after all", async () => {
    const size = 1024 * 1024;
    const { stream, seen } = source(DRAIN_LIMIT_BYTES / size + 10, size);
    const watched = idleWatched(stream, 1000, () => {}, "drain");
    await watched.cancel("answered early");
    await settle();
    expect(seen.cancelled).toBe(true);
    expect(seen.ended).toBe(false);
  });

  it("stops draining when the uploader goes silent", async () => {
    let cancelled = false;
    const silent = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}), cancel: () => void (cancelled = true) });
    const watched = idleWatched(silent, 20, () => {}, "drain");
    await watched.cancel("answered early");
    await settle();
    expect(cancelled).toBe(true);
  });
});
