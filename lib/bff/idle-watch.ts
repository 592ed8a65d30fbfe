/** How much of an upload the portal reads and throws away after the API has answered early; beyond it the connection goes. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * A stream that calls `onIdle` when its source keeps a reader waiting longer than `idleMs` for the next
 * chunk. Only the source's silence counts: time the consumer takes (a slow phone reading a download,
 * an API reading an upload) does not, since the clock runs only while a read is pending.
 *
 * `whenCancelled: "drain"` is for a browser's upload: when the API answers before it has read the whole
 * body (a refusal), cancelling the incoming request would destroy the browser's keep-alive connection
 * after the answer has gone out on it, and the browser's next request on that connection would fail
 * (ECONNRESET). So the rest is read and thrown away instead, up to DRAIN_LIMIT_BYTES and while the
 * browser keeps sending; past that, or when it goes silent, the source is cancelled after all.
 */
export function idleWatched(
  stream: ReadableStream<Uint8Array>,
  idleMs: number,
  onIdle: () => void,
  whenCancelled: "cancel" | "drain" = "cancel",
): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const timer = setTimeout(onIdle, idleMs);
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: (reason) => {
      if (whenCancelled === "cancel") return reader.cancel(reason);
      void drain(reader, idleMs, reason);
    },
  });
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, idleMs: number, reason: unknown) {
  let read = 0;
  try {
    while (read <= DRAIN_LIMIT_BYTES) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silence = new Promise<"silent">((resolve) => (timer = setTimeout(() => resolve("silent"), idleMs)));
      const next = await Promise.race([reader.read(), silence]).finally(() => clearTimeout(timer));
      if (next === "silent") break;
      if (next.done) return;
      read += next.value.byteLength;
    }
    await reader.cancel(reason);
  } catch {
    // The source failed or went away by itself: nothing left to drain.
  }
}
