import sharp from "sharp";

/** A real PNG for the file chooser, in a colour of the test's choosing. */
export async function pngFile(name: string, colour = "#1d7fb8", width = 240, height = 180) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** Whether an <img> finished loading real pixels (a broken image has no natural width). */
export const loadedWidth = (img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0);
