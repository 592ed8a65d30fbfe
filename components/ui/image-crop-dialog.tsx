"use client";

import dynamic from "next/dynamic";
import type { ImageCropProps } from "./image-crop-editor";

// The cropper (react-image-crop and its styles) is fetched when an image is first chosen, not with the page.
const ImageCropEditor = dynamic(() => import("./image-crop-editor"), { ssr: false });

/**
 * A square crop of a chosen image (see image-crop-editor.tsx). Closed while `file` is null; the callers
 * key it by file, so each image starts afresh.
 */
export function ImageCropDialog(props: ImageCropProps) {
  return props.file ? <ImageCropEditor {...props} /> : null;
}
