"use client";

import { useRef, type ReactNode } from "react";
import { toast } from "@/lib/notify";
import { ACCEPTED_IMAGE_TYPES, IMAGE_ACCEPT, imageMessages, MAX_IMAGE_BYTES } from "@/lib/contract/images";
import { Button } from "./button";

type Props = {
  children: ReactNode;
  onPicked: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  variant?: "primary" | "secondary";
  ariaLabel?: string;
};

/** The first problem with a chosen file, checked before it is sent (the API checks the content again). */
export function imageProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return imageMessages.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return imageMessages.tooLarge;
  return null;
}

/** A button that opens the file chooser for PNG or JPEG images; refused files are named in a notification. */
export function ImagePickerButton({ children, onPicked, multiple = false, disabled, variant = "secondary", ariaLabel }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (input.current) input.current.value = ""; // choosing the same file again still fires
    const refused = chosen.map((file) => [file, imageProblem(file)] as const).filter(([, problem]) => problem);
    for (const [file, problem] of refused) toast.error(`${file.name}: ${problem}`);
    const accepted = chosen.filter((file) => !imageProblem(file));
    if (accepted.length > 0) onPicked(accepted);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => onChange(event.target.files)}
      />
      <Button variant={variant} onClick={() => input.current?.click()} disabled={disabled} aria-label={ariaLabel}>
        {children}
      </Button>
    </>
  );
}
