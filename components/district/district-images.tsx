"use client";

import { ImageIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { ImageCropDialog } from "@/components/ui/image-crop-dialog";
import { ImagePickerButton } from "@/components/ui/image-picker-button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import type { DistrictProfile } from "@/lib/contract/district";
import { districtImageSlots, type DistrictImageSlot } from "@/lib/contract/images";
import { successNotices } from "@/lib/contract/messages";
import type { Location } from "@/lib/contract/user";
import { districtMutations } from "@/lib/queries/district";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useDistrictChanged } from "@/lib/use-district-change";

type Target = "logo" | DistrictImageSlot;
/** Files waiting for their crop, each with where it goes; cropped ones wait for the upload. */
type Queue = { pending: { file: File; target: Target }[]; cropped: { target: Target; jpeg: Blob }[] };

const slotName = (slot: DistrictImageSlot) => `Image ${districtImageSlots.indexOf(slot) + 1}`;
const targetName = (target: Target) => (target === "logo" ? "Logo" : slotName(target));

function Tile({ label, image, children }: { label: string; image: Location | null; children: ReactNode }) {
  return (
    <figure className="flex flex-col gap-2 rounded-lg border border-border bg-card p-3">
      <div className="flex aspect-square items-center justify-center overflow-hidden rounded-md bg-muted">
        {image ? (
          <img src={image.Location} alt={label} className="h-full w-full object-cover" />
        ) : (
          <ImageIcon size={40} className="text-muted-foreground" aria-label={`${label}: none yet`} role="img" />
        )}
      </div>
      <figcaption className="flex items-center justify-between gap-2 text-sm font-medium">
        {label}
        {children}
      </figcaption>
    </figure>
  );
}

/** The logo and the four district images (spec §2 'four tiles, each with a square crop dialog'): one at a time or several at once. */
export function DistrictImages({ district, districtTerm }: { district: DistrictProfile; districtTerm: string }) {
  const changed = useDistrictChanged();
  const { busy, run } = useApiMutation((cropped: Queue["cropped"]) => districtMutations.uploadImages(district.id, cropped), {
    inPlace: true,
    onSuccess: (answer, cropped) => {
      const [only] = cropped;
      const notice =
        cropped.length > 1
          ? successNotices.districtImagesUploaded
          : only?.target === "logo"
            ? successNotices.districtLogoUpdated
            : successNotices.districtImageAdded;
      changed(notice, answer.district);
    },
  });
  const [queue, setQueue] = useState<Queue>({ pending: [], cropped: [] });
  const current = queue.pending[0];

  const onCropped = (jpeg: Blob) => {
    if (!current) return;
    const next: Queue = { ...queue, pending: queue.pending.slice(1), cropped: [...queue.cropped, { target: current.target, jpeg }] };
    if (next.pending.length > 0) return setQueue(next);
    setQueue({ pending: [], cropped: [] });
    void run(next.cropped);
  };
  const pickFor = (target: Target) => (files: File[]) => {
    const [file] = files;
    if (file) setQueue({ pending: [{ file, target }], cropped: [] });
  };
  // Several at once fill the empty slots first, then the others in order.
  const pickSeveral = (files: File[]) => {
    const order = [...districtImageSlots.filter((s) => !district[s]), ...districtImageSlots.filter((s) => district[s])];
    const pending = files.slice(0, 4).map((file, i) => ({ file, target: order[i] as DistrictImageSlot }));
    setQueue({ pending, cropped: [] });
  };

  return (
    <section aria-labelledby="district-images-heading" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="district-images-heading" className="text-lg font-semibold">
          Logo and images
        </h2>
        <ImagePickerButton multiple onPicked={pickSeveral} disabled={busy}>
          Upload several images
        </ImagePickerButton>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Tile label={`${districtTerm} logo`} image={district.logo}>
          <ImagePickerButton onPicked={pickFor("logo")} disabled={busy} ariaLabel={`Change the ${districtTerm.toLowerCase()} logo`}>
            Change
          </ImagePickerButton>
        </Tile>
        {districtImageSlots.map((slot) => (
          <Tile key={slot} label={slotName(slot)} image={district[slot]}>
            <ImagePickerButton onPicked={pickFor(slot)} disabled={busy} ariaLabel={`Set ${slotName(slot).toLowerCase()}`}>
              Set
            </ImagePickerButton>
          </Tile>
        ))}
      </div>
      <ImageCropDialog
        key={current ? `${current.target}-${current.file.name}-${current.file.lastModified}` : "none"}
        file={current?.file ?? null}
        title={current ? `Crop: ${targetName(current.target)}` : "Crop"}
        onCancel={() => setQueue({ pending: [], cropped: [] })}
        onCropped={onCropped}
      />
      {queue.pending.length > 1 ? <p className="text-sm text-muted-foreground">{queue.pending.length} images left to crop.</p> : null}
      {busy ? <LoadingOverlay /> : null}
    </section>
  );
}
