"use client";

import { UserRound } from "lucide-react";
import { useState } from "react";
import { ImageCropDialog } from "@/components/ui/image-crop-dialog";
import { ImagePickerButton } from "@/components/ui/image-picker-button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { successNotices } from "@/lib/contract/messages";
import type { Location } from "@/lib/contract/user";
import { routes } from "@/lib/routes";
import { staffMutations } from "@/lib/queries/staff";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";

/** The profile picture: choose, crop square, upload as JPEG, then the dashboard (spec §2). */
export function ProfilePictureEditor({ staffId, picture, name }: { staffId: string; picture: Location | null; name: string }) {
  const [file, setFile] = useState<File | null>(null);
  const succeed = useSuccessRedirect();
  const { busy, run } = useApiMutation((jpeg: Blob) => staffMutations.setProfilePicture(staffId, jpeg), {
    onSuccess: () => succeed(successNotices.profilePictureUpdated, routes.dashboard),
  });
  const upload = (jpeg: Blob) => {
    setFile(null);
    void run(jpeg);
  };

  return (
    <div className="flex items-center gap-4">
      {picture ? (
        <img src={picture.Location} alt={name} width={96} height={96} className="h-24 w-24 rounded-full border border-border object-cover" />
      ) : (
        <span className="flex h-24 w-24 items-center justify-center rounded-full bg-muted text-muted-foreground" role="img" aria-label="No profile picture yet">
          <UserRound size={40} aria-hidden />
        </span>
      )}
      <ImagePickerButton onPicked={([first]) => setFile(first ?? null)} disabled={busy}>
        {picture ? "Change picture" : "Add a picture"}
      </ImagePickerButton>
      <ImageCropDialog
        key={file ? `${file.name}-${file.lastModified}` : "none"}
        file={file}
        title="Crop your profile picture"
        onCancel={() => setFile(null)}
        onCropped={(jpeg) => void upload(jpeg)}
      />
      {busy ? <LoadingOverlay /> : null}
    </div>
  );
}
