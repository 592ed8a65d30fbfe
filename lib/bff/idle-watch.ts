/**
 * A stream that calls `onIdle` when its source keeps a reader waiting longer than `idleMs` for the next
 * chunk. Only the source's silence counts: time the consumer takes (a slow phone reading a download,
 * an API reading an upload) does not, since the clock runs only while a read is pending.
 */
export function idleWatched(stream: ReadableStream<Uint8Array>, idleMs: number, onIdle: () => void): ReadableStream<Uint8Array> {
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
    cancel: (reason) => reader.cancel(reason),
  });
}
