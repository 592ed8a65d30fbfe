"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ClassTypeItem } from "@/lib/contract/classes";
import { toast } from "@/lib/notify";
import { classKeys, classMutations } from "@/lib/queries/classes";
import { useApiMutation } from "@/lib/use-api-mutation";

/** Deleting one of the district's own class types asks first; one that classes use cannot go (the API says so). */
export function DeleteClassTypeDialog({ item, onClose }: { item: ClassTypeItem; onClose: () => void }) {
  const remove = useApiMutation(() => classMutations.removeType(item.id), {
    invalidates: [classKeys.all],
    inPlace: true,
    onSuccess: (result) => {
      toast.success(result.message);
      onClose();
    },
  });
  const use =
    item.classes === 0
      ? "No class uses it."
      : `${item.classes} class${item.classes === 1 ? " uses" : "es use"} it: move or remove ${item.classes === 1 ? "it" : "them"} first.`;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete ${item.name}?`}
      description={`${use} This cannot be undone.`}
      confirmLabel="Delete class type"
      busy={remove.busy}
      onConfirm={() => void remove.run()}
    />
  );
}
