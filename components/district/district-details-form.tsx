"use client";

import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { ContactListFields } from "@/components/form/contact-chips";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import type { DistrictProfile, DistrictUpdate } from "@/lib/contract/district";
import { successNotices } from "@/lib/contract/messages";
import { districtMutations } from "@/lib/queries/district";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useDistrictChanged } from "@/lib/use-district-change";
import { lazyResolver } from "@/lib/lazy-resolver";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/district").then((m) => m.districtUpdateSchema));

/** The district's name, address and contacts; the phone chips take the last ten digits after the country code. */
export function DistrictDetailsForm({ district, districtTerm }: { district: DistrictProfile; districtTerm: string }) {
  const changed = useDistrictChanged();
  const form = useForm<DistrictUpdate>({
    resolver: validation.resolver,
    defaultValues: {
      name: district.name,
      address: district.address ?? "",
      phoneNumbers: district.phoneNumbers,
      emails: district.emails,
      version: district.version,
    },
  });
  const { errors } = form.formState;
  const draft = useFormDraft(`district:${district.id}`, form, { exclude: ["version"] });

  const { busy, run } = useApiMutation((values: DistrictUpdate) => districtMutations.update(district.id, values), {
    form,
    inPlace: true,
    onSuccess: (answer, values) => {
      draft.clear();
      form.reset({ ...values, version: answer.district.version });
      changed(successNotices.districtProfileUpdated, answer.district);
    },
  });

  return (
    <form
      {...formWithoutScript}
      onFocus={validation.warm}
      noValidate
      aria-label={`${districtTerm} details`}
      onSubmit={form.handleSubmit(run, onInvalidSubmit)}
      className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5"
    >
      {busy ? <LoadingOverlay /> : null}
      <DraftNotice draft={draft} />
      <h2 className="text-lg font-semibold">{districtTerm} details</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={`${districtTerm} name`} error={errors.name?.message} {...form.register("name")} />
        <TextField label="Address" error={errors.address?.message} {...form.register("address")} />
      </div>
      <ContactListFields control={form.control} emailPlaceholder="office@example.org" />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          Save details
        </Button>
      </div>
    </form>
  );
}
