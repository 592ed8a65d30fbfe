"use client";

import { type Resolver } from "react-hook-form";
import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogCancel } from "@/components/ui/dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import type { ClassTypeForm, ClassTypeItem } from "@/lib/contract/classes";
import { classLevels } from "@/lib/contract/classes-values";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { toast } from "@/lib/notify";
import { classKeys, classMutations, type ClassTypeBody } from "@/lib/queries/classes";
import { useApiMutation } from "@/lib/use-api-mutation";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

const createValidation = lazyResolver(() => import("@/lib/contract/classes").then((m) => m.classTypeFormSchema));
const updateValidation = lazyResolver(() => import("@/lib/contract/classes").then((m) => m.classTypeUpdateSchema));

type Values = ClassTypeForm & { version?: number };
type Props = { onClose: () => void } & ({ item: ClassTypeItem; nextPosition?: undefined } | { item?: undefined; nextPosition: number });

/** Adds one of the district's own class types, or edits `item`: its name, level and place in the order. */
export function ClassTypeDialog({ item, nextPosition, onClose }: Props) {
  const validation = item ? updateValidation : createValidation;
  // One form for both: an edit's values always carry the version the update schema asks for.
  const resolver = validation.resolver as Resolver<Values, unknown, ClassTypeBody & { version?: number }>;
  const form = useForm<Values, unknown, ClassTypeBody & { version?: number }>({
    resolver,
    defaultValues: item ? { name: item.name, level: item.level, position: item.position, version: item.version } : { name: "", position: nextPosition },
  });
  const { errors } = form.formState;
  const draft = useFormDraft(`class-type:${item?.id ?? "new"}`, form, { exclude: ["version"] });
  const save = useApiMutation(
    (values: ClassTypeBody & { version?: number }) =>
      item ? classMutations.updateType(item.id, { ...values, version: values.version ?? item.version }) : classMutations.createType(values),
    {
      form,
      invalidates: [classKeys.all],
      inPlace: true,
      onSuccess: (result) => {
        draft.clear();
        toast.success(result.message);
        onClose();
      },
    },
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={item ? `Edit ${item.name}` : "New class type"} draft={draft}>
      <form
        {...formWithoutScript}
        onFocus={validation.warm}
        noValidate
        aria-label={item ? "Edit class type" : "New class type"}
        onSubmit={form.handleSubmit(save.run, onInvalidSubmit)}
        className="flex flex-col gap-4"
      >
        {save.busy ? <LoadingOverlay /> : null}
        <DraftNotice draft={draft} />
        <TextField label="Name" autoComplete="off" placeholder="e.g. Primary 7" error={errors.name?.message} {...form.register("name")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Level" options={classLevels} placeholder="Choose a level" error={errors.level?.message} {...form.register("level")} />
          <TextField label="Order" type="number" inputMode="numeric" min={1} max={1000} error={errors.position?.message} {...form.register("position")} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogCancel disabled={save.busy} />
          <Button type="submit" disabled={save.busy}>
            {item ? "Save class type" : "Add class type"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
