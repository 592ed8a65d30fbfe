"use client";

import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "@/lib/notify";
import { ChipsField } from "@/components/form/chips-field";
import { CountryCodeSelect } from "@/components/form/country-code-select";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import type { DistrictProfile, DistrictUpdate } from "@/lib/contract/district";
import { fieldMessages, formInvalidMessage, successNotices } from "@/lib/contract/messages";
import { districtMutations } from "@/lib/queries/district";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useDistrictChanged } from "@/lib/use-district-change";
import { lazyResolver } from "@/lib/lazy-resolver";

const validation = lazyResolver(() => import("@/lib/contract/district").then((m) => m.districtUpdateSchema));

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The district's name, address and contacts; the phone chips take the last ten digits after the country code. */
export function DistrictDetailsForm({ district, districtTerm }: { district: DistrictProfile; districtTerm: string }) {
  const changed = useDistrictChanged();
  const [code, setCode] = useState("+234");
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

  const { busy, run } = useApiMutation((values: DistrictUpdate) => districtMutations.update(district.id, values), {
    form,
    inPlace: true,
    onSuccess: (answer, values) => {
      form.reset({ ...values, version: answer.district.version });
      changed(successNotices.districtProfileUpdated, answer.district);
    },
  });

  return (
    <form
      onFocus={validation.warm}
      noValidate
      aria-label={`${districtTerm} details`}
      onSubmit={form.handleSubmit(run, () => toast.error(formInvalidMessage))}
      className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5"
    >
      {busy ? <LoadingOverlay /> : null}
      <h2 className="text-lg font-semibold">{districtTerm} details</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={`${districtTerm} name`} error={errors.name?.message} {...form.register("name")} />
        <TextField label="Address" error={errors.address?.message} {...form.register("address")} />
      </div>
      <Controller
        control={form.control}
        name="phoneNumbers"
        render={({ field }) => (
          <ChipsField
            label="Phone numbers"
            values={field.value}
            onChange={field.onChange}
            inputMode="numeric"
            placeholder="8031234567"
            // Spec §5: a phone chip is added only once the input has at least 10 characters.
            canAdd={(text) => text.trim().length >= 10}
            toValue={(text) => (/^\d{10}$/.test(text.trim()) ? { value: `${code}${text.trim()}` } : { error: fieldMessages.phoneDigits })}
            prefix={<CountryCodeSelect aria-label="Phone number country code" value={code} onChange={(event) => setCode(event.target.value)} />}
            error={errors.phoneNumbers?.message ?? errors.phoneNumbers?.find?.((e) => e)?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="emails"
        render={({ field }) => (
          <ChipsField
            label="E-mails"
            values={field.value}
            onChange={field.onChange}
            inputMode="email"
            placeholder="office@example.org"
            toValue={(text) => (emailPattern.test(text.trim()) ? { value: text.trim().toLowerCase() } : { error: fieldMessages.emailInvalid })}
            error={errors.emails?.message ?? errors.emails?.find?.((e) => e)?.message}
          />
        )}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          Save details
        </Button>
      </div>
    </form>
  );
}
