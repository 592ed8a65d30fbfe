"use client";

import { UserRound } from "lucide-react";
import { useState } from "react";
import { ImageCropDialog } from "@/components/ui/image-crop-dialog";
import { ImagePickerButton } from "@/components/ui/image-picker-button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { studentMessages } from "@/lib/contract/students-values";
import type { Location } from "@/lib/contract/user";
import { toast } from "@/lib/notify";
import { studentKeys, studentRecordMutations } from "@/lib/queries/students";
import { useApiMutation } from "@/lib/use-api-mutation";

type Props = { studentId: string; photo: Location | null; name: string; canChange: boolean };

/** The pupil's photo (architecture 'Students': the same square crop and re-encoding as staff pictures); changed in place. */
export function StudentPhoto({ studentId, photo, name, canChange }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const { busy, run } = useApiMutation((jpeg: Blob) => studentRecordMutations.setPhoto(studentId, jpeg), {
    inPlace: true,
    invalidates: [studentKeys.all],
    onSuccess: () => void toast.success(studentMessages.photoUpdated),
  });
  return (
    <div className="flex items-center gap-4">
      {photo ? (
        <img src={photo.Location} alt={name} width={96} height={96} className="h-24 w-24 rounded-full border border-border object-cover" />
      ) : (
        <span className="flex h-24 w-24 items-center justify-center rounded-full bg-muted text-muted-foreground" role="img" aria-label="No photo yet">
          <UserRound size={40} aria-hidden />
        </span>
      )}
      {canChange ? (
        <>
          <ImagePickerButton onPicked={([first]) => setFile(first ?? null)} disabled={busy}>
            {photo ? "Change photo" : "Add a photo"}
          </ImagePickerButton>
          <ImageCropDialog
            key={file ? `${file.name}-${file.lastModified}` : "none"}
            file={file}
            title="Crop the pupil's photo"
            onCancel={() => setFile(null)}
            onCropped={(jpeg) => {
              setFile(null);
              void run(jpeg);
            }}
          />
        </>
      ) : null}
      {busy ? <LoadingOverlay /> : null}
    </div>
  );
}
