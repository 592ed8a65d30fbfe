"use client";

import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogCancel } from "@/components/ui/dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextArea } from "@/components/ui/text-area";
import { TextField } from "@/components/ui/text-field";
import { successNotices } from "@/lib/contract/messages";
import { schoolCategories } from "@/lib/contract/schools-values";
import type { SchoolDetail, SchoolForm as Values } from "@/lib/contract/schools";
import { schoolKeys, schoolMutations, useDistrictLgas } from "@/lib/queries/schools";
import { registerReturnHref } from "@/lib/register-return";
import { routes } from "@/lib/routes";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { lazyResolver } from "@/lib/lazy-resolver";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/schools").then((m) => m.schoolFormSchema));

type Props = {
  districtId: string;
  school?: SchoolDetail;
  onCancel?: () => void;
  /** Shown in a dialog of this title: Escape, a click outside and Cancel ask before discarding what was typed. */
  dialog?: { title: string; onClose: () => void };
};

/** Creates a school, or edits one when `school` is given; then the notice, 1.5 s, and the school list (spec §2). */
export function SchoolForm({ districtId, school, onCancel, dialog }: Props) {
  const lgas = useDistrictLgas(districtId);
  const succeed = useSuccessRedirect();
  const form = useForm<Values>({
    resolver: validation.resolver,
    defaultValues: {
      name: school?.name ?? "",
      description: school?.description ?? "",
      address: school?.address ?? "",
      localGovernment: school?.localGovernment ?? "",
      category: school?.category,
    },
  });
  const { errors } = form.formState;
  const draft = useFormDraft(`school:${school?.id ?? "new"}`, form);

  const { busy, run } = useApiMutation((values: Values) => (school ? schoolMutations.update(school, values) : schoolMutations.create(values)), {
    form,
    invalidates: [schoolKeys.all],
    onSuccess: async () => {
      draft.clear();
      await succeed(school ? successNotices.schoolUpdated : successNotices.schoolCreated, registerReturnHref(routes.schoolManagement));
      (dialog?.onClose ?? onCancel)?.();
    },
  });

  const body = (
    <form
      {...formWithoutScript}
      onFocus={validation.warm}
      noValidate
      aria-label={school ? "Edit school" : "New school"}
      onSubmit={form.handleSubmit(run, onInvalidSubmit)}
      className="flex flex-col gap-4"
    >
      {busy ? <LoadingOverlay /> : null}
      <DraftNotice draft={draft} />
      <TextField label="School name" error={errors.name?.message} {...form.register("name")} />
      <TextArea label="Description" error={errors.description?.message} {...form.register("description")} />
      <TextField label="Address" error={errors.address?.message} {...form.register("address")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Local government"
          options={lgas.data ?? (school ? [school.localGovernment] : [])}
          placeholder="Choose a local government"
          error={errors.localGovernment?.message}
          {...form.register("localGovernment")}
        />
        <SelectField
          label="Category"
          options={schoolCategories}
          placeholder="Choose a category"
          error={errors.category?.message}
          {...form.register("category")}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {dialog ? (
          <DialogCancel disabled={busy} />
        ) : onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {school ? "Save school" : "Create school"}
        </Button>
      </div>
    </form>
  );
  if (!dialog) return body;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : dialog.onClose())} title={dialog.title} draft={draft}>
      {body}
    </Dialog>
  );
}
