"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import ReactCrop, { centerCrop, convertToPixelCrop, makeAspectCrop, type PercentCrop } from "react-image-crop";
import "react-image-crop/dist/ReactCrop.css";
import { toast } from "@/lib/notify";
import { imageMessages } from "@/lib/contract/images";
import { Button } from "./button";
import { Dialog } from "./dialog";

/** The cropped square is sent at most this many pixels on a side: plenty for a picture, light on a slow line. */
const OUTPUT_SIDE = 800;

export type ImageCropProps = { file: File | null; title: string; onCancel: () => void; onCropped: (jpeg: Blob) => void };

/** Draws the chosen square of the image onto a canvas and returns it as a JPEG (spec §5: square crop, uploaded as jpeg). */
async function cropToJpeg(image: HTMLImageElement, crop: PercentCrop): Promise<Blob> {
  const pixels = convertToPixelCrop(crop, image.naturalWidth, image.naturalHeight);
  const side = Math.max(1, Math.min(OUTPUT_SIDE, Math.round(pixels.width)));
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot crop images.");
  context.fillStyle = "#ffffff"; // a transparent PNG gets a white background, as JPEG has no transparency
  context.fillRect(0, 0, side, side);
  context.drawImage(image, pixels.x, pixels.y, pixels.width, pixels.height, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The image could not be cropped."))), "image/jpeg", 0.9),
  );
}

/**
 * A square crop of a chosen image. It opens with a centred square already chosen, so a keyboard user can
 * accept it at once; the crop area can be moved with the mouse, a finger, or the arrow keys.
 */
export default function ImageCropEditor({ file, title, onCancel, onCropped }: ImageCropProps) {
  // Each file gets a dialog of its own (the caller keys it by file), so the crop starts afresh.
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const [crop, setCrop] = useState<PercentCrop>();
  const image = useRef<HTMLImageElement>(null);

  const onLoad = (img: HTMLImageElement) =>
    setCrop(centerCrop(makeAspectCrop({ unit: "%", width: 90 }, 1, img.naturalWidth, img.naturalHeight), img.naturalWidth, img.naturalHeight));
  const accept = async () => {
    if (image.current && crop) onCropped(await cropToJpeg(image.current, crop));
  };

  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={title}
      description="Move or resize the square to choose what shows."
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => void accept()} disabled={!crop}>
            Use this picture
          </Button>
        </>
      }
    >
      {url ? (
        <ReactCrop crop={crop} aspect={1} keepSelection onChange={(_, percent) => setCrop(percent)} className="max-h-[60dvh]">
          <img
            ref={image}
            src={url}
            alt="Your chosen file"
            onLoad={(event) => onLoad(event.currentTarget)}
            onError={() => {
              // Named like an image but not one (a renamed file): say so instead of showing a broken picture.
              toast.error(imageMessages.unreadable);
              onCancel();
            }}
            className="max-h-[60dvh] w-auto"
          />
        </ReactCrop>
      ) : null}
    </Dialog>
  );
}
