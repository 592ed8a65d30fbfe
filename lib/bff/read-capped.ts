/**
 * A request body read up to `cap` bytes whatever its headers say (a chunked body has no
 * Content-Length); null once it passes the cap, and the rest is not read.
 */
export async function readCapped(request: Request, cap: number): Promise<Buffer<ArrayBuffer> | null> {
  if (Number(request.headers.get("content-length") ?? 0) > cap) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
