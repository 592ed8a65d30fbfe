import { crc32 } from "node:zlib";
import sharp from "sharp";

/** Real image bytes for upload tests, made on the spot. */
export const testImages = {
  png: (width = 64, height = 48) =>
    sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } })
      .png()
      .toBuffer(),
  /** A JPEG carrying EXIF with GPS coordinates, which must not survive the upload. */
  jpegWithGps: () =>
    sharp({ create: { width: 80, height: 80, channels: 3, background: { r: 200, g: 50, b: 50 } } })
      .jpeg()
      .withExif({ IFD0: { Make: "TestCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 0/1" } })
      .toBuffer(),
  /** 3000 × 2000: becomes at most 1600 on a side. */
  large: () =>
    sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 90, g: 90, b: 30 } } })
      .png()
      .toBuffer(),
  /** A tiny PNG whose header claims 20000 × 20000 pixels (a pixel flood). */
  pixelFlood: async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const flood = Buffer.from(png);
    flood.writeUInt32BE(20000, 16);
    flood.writeUInt32BE(20000, 20);
    // The IHDR chunk's checksum covers its type and data (bytes 12–28): keep it valid, so only the size is wrong.
    flood.writeUInt32BE(crc32(flood.subarray(12, 29)), 29);
    return flood;
  },
  gif: () =>
    sharp({ create: { width: 10, height: 10, channels: 3, background: "#0f0" } })
      .gif()
      .toBuffer(),
  text: () => Buffer.from("this is not a picture at all, just text renamed to .png"),
};

/** A multipart body with files (as `name`: bytes, sent as `filename`) and plain fields. */
export function imageForm(files: Record<string, { bytes: Buffer; filename?: string; type?: string }>, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, file] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/png" }), file.filename ?? "picture.png");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
