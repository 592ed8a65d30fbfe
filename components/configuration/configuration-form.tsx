"use client";

import { forwardRef, useId } from "react";
import { Controller, useWatch } from "react-hook-form";
import { DateField } from "@/components/form/date-field";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField, type TextFieldProps } from "@/components/ui/text-field";
import type { ConfigurationFormInput, ConfigurationFormOutput, DistrictConfiguration } from "@/lib/contract/configuration";
import {
  admissionNumberOf,
  admissionPatternTokens,
  formatNaira,
  isAdmissionPattern,
  koboToNaira,
  maxPupilTeacherThreshold,
  minPupilTeacherThreshold,
  termNames,
} from "@/lib/contract/configuration-values";
import { successNotices } from "@/lib/contract/messages";
import { configurationKeys, configurationMutations, useConfiguration } from "@/lib/queries/configuration";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { toast } from "@/lib/notify";
import { useApiMutation } from "@/lib/use-api-mutation";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/configuration").then((m) => m.configurationFormSchema));

const termIndexes = [0, 1, 2] as const;

/** The configuration as the form holds it: dates as YYYY-MM-DD, amounts in naira with two decimals, the threshold as text. */
function formValuesOf(c: DistrictConfiguration): ConfigurationFormInput {
  const termOf = <I extends 0 | 1 | 2>(i: I) => ({ name: termNames[i], startDate: c.terms[i]?.startDate ?? "", endDate: c.terms[i]?.endDate ?? "" });
  return {
    academicSession: c.academicSession,
    terms: [termOf(0), termOf(1), termOf(2)],
    reportCardPrice: koboToNaira(c.reportCardPrice),
    admissionNumberPattern: c.admissionNumberPattern,
    lowBalanceThreshold: koboToNaira(c.lowBalanceThreshold),
    pupilTeacherThreshold: String(c.pupilTeacherThreshold),
    version: c.version,
  };
}

/** This year in Lagos: the year a pupil admitted today is admitted in. */
const yearInLagos = () => Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", year: "numeric" }).format(new Date()));

/** A text field with a hint under it that is read with the field (and with its error, when it has one). */
const HintedField = forwardRef<HTMLInputElement, TextFieldProps & { hint: string }>(function HintedField({ hint, ...props }, ref) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <TextField ref={ref} id={id} aria-describedby={[`${id}-hint`, props.error ? `${id}-error` : ""].filter(Boolean).join(" ")} {...props} />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
    </div>
  );
});

/** The district's configuration: editable with configuration.update at district level, read-only otherwise. */
export function ConfigurationView({ districtId, canEdit }: { districtId: string; canEdit: boolean }) {
  const read = useConfiguration(districtId);
  if (read.isPending) return <LoadingOverlay />;
  if (read.isError) return <p role="alert">{read.error.message}</p>;
  // A newer version read while someone edits leaves their values alone: saving them answers 409 (stale), never overwrites.
  return <ConfigurationForm configuration={read.data.configuration} canEdit={canEdit} />;
}

function ConfigurationForm({ configuration, canEdit }: { configuration: DistrictConfiguration; canEdit: boolean }) {
  const form = useForm<ConfigurationFormInput, unknown, ConfigurationFormOutput>({
    resolver: validation.resolver,
    defaultValues: formValuesOf(configuration),
  });
  const { errors } = form.formState;
  const draft = useFormDraft(`configuration:${configuration.districtId}`, form, { exclude: ["version"] });
  const [patternText, version] = useWatch({ control: form.control, name: ["admissionNumberPattern", "version"] });
  const pattern = patternText.trim();
  const year = yearInLagos();

  const { busy, run } = useApiMutation(configurationMutations.update, {
    form,
    inPlace: true,
    invalidates: [configurationKeys.all],
    onSuccess: (answer) => {
      draft.clear();
      form.reset(formValuesOf(answer.configuration));
      toast.success(successNotices.configurationsUpdated);
    },
  });

  return (
    <form
      {...formWithoutScript}
      onFocus={canEdit ? validation.warm : undefined}
      noValidate
      aria-label="District configuration"
      onSubmit={form.handleSubmit(run, onInvalidSubmit)}
      className="flex flex-col gap-5 rounded-lg border border-border bg-card p-5"
    >
      {busy ? <LoadingOverlay /> : null}
      <DraftNotice draft={draft} />
      <p className="text-sm text-muted-foreground">
        Version {version}
        {canEdit ? "" : " · You can read the configuration; changing it needs the Edit configuration permission at district level."}
      </p>
      {/* min-w-0: a fieldset is as wide as its content by default, which would overflow a 360 px screen. */}
      <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-5">
        <section aria-labelledby="configuration-session" className="flex flex-col gap-4">
          <h2 id="configuration-session" className="text-lg font-semibold">
            Session and terms
          </h2>
          <HintedField
            label="Academic session"
            placeholder="2026/2027"
            hint="Two consecutive years. A session runs from 1 September to 31 August; its terms fall inside it."
            error={errors.academicSession?.message}
            {...form.register("academicSession")}
          />
          {termIndexes.map((i) => (
            <fieldset key={termNames[i]} className="grid min-w-0 gap-4 rounded-md border border-border p-4 sm:grid-cols-2">
              <legend className="px-1 text-sm font-semibold">{termNames[i]}</legend>
              <Controller
                control={form.control}
                name={`terms.${i}.startDate`}
                render={({ field }) => (
                  <DateField
                    ref={field.ref}
                    name={field.name}
                    label={`${termNames[i]} start date`}
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.terms?.[i]?.startDate?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name={`terms.${i}.endDate`}
                render={({ field }) => (
                  <DateField
                    ref={field.ref}
                    name={field.name}
                    label={`${termNames[i]} end date`}
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.terms?.[i]?.endDate?.message}
                  />
                )}
              />
            </fieldset>
          ))}
          {errors.terms?.message ? (
            <p role="alert" className="text-sm text-danger">
              {errors.terms.message}
            </p>
          ) : null}
        </section>

        <section aria-labelledby="configuration-money" className="flex flex-col gap-4">
          <h2 id="configuration-money" className="text-lg font-semibold">
            Report cards and wallet
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <HintedField
              label="Report-card price per pupil per term (₦)"
              inputMode="decimal"
              placeholder="500.00"
              hint={`Saved: ${formatNaira(configuration.reportCardPrice)}. Naira, up to two decimals.`}
              error={errors.reportCardPrice?.message}
              {...form.register("reportCardPrice")}
            />
            <HintedField
              label="Low-balance alert threshold (₦)"
              inputMode="decimal"
              placeholder="5000.00"
              hint={`Saved: ${formatNaira(configuration.lowBalanceThreshold)}. The wallet warns when its balance falls below this.`}
              error={errors.lowBalanceThreshold?.message}
              {...form.register("lowBalanceThreshold")}
            />
          </div>
        </section>

        <section aria-labelledby="configuration-admission" className="flex flex-col gap-4">
          <h2 id="configuration-admission" className="text-lg font-semibold">
            Admission numbers
          </h2>
          <HintedField
            label="Admission-number pattern"
            autoComplete="off"
            spellCheck={false}
            hint="Used when a pupil is admitted without an admission number."
            error={errors.admissionNumberPattern?.message}
            {...form.register("admissionNumberPattern")}
          />
          <div className="text-sm">
            <p>Letters, digits and / - _ . are kept as they are; the tokens are replaced:</p>
            <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">
              {admissionPatternTokens.map(({ token, meaning }) => (
                <li key={token}>
                  <code className="rounded bg-muted px-1">{token}</code> {meaning}
                </li>
              ))}
            </ul>
            <p className="mt-2" aria-live="polite">
              {isAdmissionPattern(pattern) ? (
                <>
                  Example: the first pupil admitted in {year} would be numbered{" "}
                  <strong className="break-all font-mono">{admissionNumberOf(pattern, year, 1)}</strong>.
                </>
              ) : (
                "The example appears once the pattern is valid."
              )}
            </p>
          </div>
        </section>

        <section aria-labelledby="configuration-statistics" className="flex flex-col gap-4">
          <h2 id="configuration-statistics" className="text-lg font-semibold">
            Statistics
          </h2>
          <HintedField
            label="Pupil–teacher threshold (pupils per teacher)"
            inputMode="numeric"
            autoComplete="off"
            placeholder="40"
            hint={`Saved: ${configuration.pupilTeacherThreshold}. The statistics list first the schools with more pupils per teacher than this, a whole number from ${minPupilTeacherThreshold} to ${maxPupilTeacherThreshold}.`}
            error={errors.pupilTeacherThreshold?.message}
            {...form.register("pupilTeacherThreshold")}
          />
        </section>
      </fieldset>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            Save
          </Button>
        </div>
      ) : null}
    </form>
  );
}
