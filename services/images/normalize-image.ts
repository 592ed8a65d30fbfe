import sharp from "sharp";
import { imageMessages } from "../../lib/contract/images";
import { AppError } from "../http/errors";

/** A pixel flood (a small file that decodes to billions of pixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Stored images are at most this wide and high: enough for a logo, a banner or a profile picture. */
const MAX_SIDE = 1600;

/** The decoder's error as a message for the user: too many pixels, or the given one. */
const refusal = (error: unknown, otherwise: string) =>
  new AppError("bad_request", error instanceof Error && /pixel limit/i.test(error.message) ? imageMessages.tooManyPixels : otherwise);

export type NormalizedImage = { bytes: Uint8Array; width: number; height: number };

/**
 * Decides by content, never by name, that a file is a PNG or JPEG, then decodes it and writes a new JPEG:
 * turned upright by its orientation tag, no larger than MAX_SIDE, with no metadata (GPS, camera) kept.
 */
export async function normalizeImage(input: Uint8Array): Promise<NormalizedImage> {
  const reader = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  let format: string | undefined;
  try {
    ({ format } = await reader().metadata());
  } catch (error) {
    throw refusal(error, imageMessages.notAnImage);
  }
  if (format !== "png" && format !== "jpeg") throw new AppError("bad_request", imageMessages.notAnImage);
  try {
    const { data, info } = await reader()
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch (error) {
    throw refusal(error, imageMessages.unreadable);
  }
}
