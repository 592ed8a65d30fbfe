"use client";

import { useEffect, useRef, useState } from "react";
import { Controller, useWatch, type FieldErrors } from "react-hook-form";
import { ChipsField } from "@/components/form/chips-field";
import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogCancel } from "@/components/ui/dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import type { ClassTypeItem, StandardSetForm, StandardSetReview } from "@/lib/contract/classes";
import { classMessages, levelsOfCategory, standardSetLevels } from "@/lib/contract/classes-values";
import type { SchoolCategory } from "@/lib/contract/schools-values";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { toast } from "@/lib/notify";
import { classKeys, classMutations, useClassTypes, type StandardSetBody } from "@/lib/queries/classes";
import { useDistrictSchools } from "@/lib/queries/schools";
import { useApiMutation } from "@/lib/use-api-mutation";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/classes").then((m) => m.standardSetSchema));

type Props = { districtId: string; defaultSchool?: string; onClose: () => void };
type Values = StandardSetForm;

const DEFAULT_CAPACITY = 40;

/** The class types a school of this category may have, and those of them the standard set ticks at first (the standard ones at its levels). */
function typesFor(types: ClassTypeItem[], category: SchoolCategory | undefined) {
  if (!category) return { listed: [], ticked: [] };
  const listed = types.filter((t) => levelsOfCategory[category].includes(t.level));
  const ticked = listed.filter((t) => t.standard && standardSetLevels[category].includes(t.level)).map((t) => t.id);
  return { listed, ticked };
}

/** A list field's message: one for the whole list, or the first of its items'. */
function listError(error: FieldErrors<Values>["arms"]): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  return Array.isArray(error) ? error.find((e: { message?: string } | undefined) => e?.message)?.message : undefined;
}

/**
 * The standard set of classes for a school: one class per ticked class type and arm. Review shows what
 * would be created and what the school already has (skipped); Back keeps the choices; Create makes them.
 */
export function StandardSetDialog({ districtId, defaultSchool = "", onClose }: Props) {
  const schools = useDistrictSchools(districtId);
  const types = useClassTypes();
  const [review, setReview] = useState<{ body: StandardSetBody; answer: StandardSetReview } | null>(null);
  const categoryOf = (schoolId: string) => schools.data?.find((s) => s.id === schoolId)?.category;
  const form = useForm<Values, unknown, StandardSetBody>({
    resolver: validation.resolver,
    defaultValues: {
      schoolId: defaultSchool,
      classTypeIds: typesFor(types.data ?? [], categoryOf(defaultSchool)).ticked,
      arms: ["A"],
      capacity: DEFAULT_CAPACITY,
    },
  });
  const { errors } = form.formState;
  const draft = useFormDraft("standard-set:new", form);
  const schoolId = useWatch({ control: form.control, name: "schoolId" });
  const { listed } = typesFor(types.data ?? [], categoryOf(schoolId));

  const check = useApiMutation((body: StandardSetBody) => classMutations.reviewStandardSet(body), {
    form,
    inPlace: true,
    onSuccess: (answer, body) => setReview({ body, answer }),
  });
  const create = useApiMutation((body: StandardSetBody) => classMutations.createStandardSet(body), {
    invalidates: [classKeys.all],
    inPlace: true,
    onSuccess: (result) => {
      draft.clear();
      toast.success(result.message);
      onClose();
    },
  });
  const schoolField = form.register("schoolId", {
    onChange: (event: { target: { value: string } }) => form.setValue("classTypeIds", typesFor(types.data ?? [], categoryOf(event.target.value)).ticked),
  });
  const schoolName = (id: string) => schools.data?.find((s) => s.id === id)?.name ?? "";
  // The step that appears takes the focus: the review's heading, or the Review button again after Back.
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shown = useRef(false);
  useEffect(() => {
    if (review) reviewHeading.current?.focus();
    else if (shown.current) formRef.current?.querySelector<HTMLButtonElement>("button[type=submit]")?.focus();
    shown.current = review !== null;
  }, [review]);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Add standard set" draft={draft}>
      {check.busy || create.busy ? <LoadingOverlay /> : null}
      <form
        {...formWithoutScript}
        ref={formRef}
        onFocus={validation.warm}
        noValidate
        aria-label="Standard set"
        onSubmit={form.handleSubmit(check.run, onInvalidSubmit)}
        className={review ? "hidden" : "flex flex-col gap-4"}
      >
        <DraftNotice draft={draft} />
        <SelectField
          label="School"
          options={(schools.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          placeholder="Choose a school"
          error={errors.schoolId?.message}
          {...schoolField}
        />
        <Controller
          control={form.control}
          name="classTypeIds"
          render={({ field }) => (
            <fieldset className="flex flex-col gap-1" aria-describedby={errors.classTypeIds?.message ? "standard-set-types-error" : undefined}>
              <legend className="mb-1 text-sm font-medium">Class types</legend>
              {listed.length === 0 ? <p className="text-sm text-muted-foreground">Choose a school to see the class types its category has.</p> : null}
              <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
                {listed.map((t) => (
                  <Checkbox
                    key={t.id}
                    label={t.name}
                    checked={field.value.includes(t.id)}
                    onChange={(event) => field.onChange(event.target.checked ? [...field.value, t.id] : field.value.filter((id) => id !== t.id))}
                  />
                ))}
              </div>
              {errors.classTypeIds?.message ? (
                <p id="standard-set-types-error" className="text-sm text-danger">
                  {errors.classTypeIds.message}
                </p>
              ) : null}
            </fieldset>
          )}
        />
        <Controller
          control={form.control}
          name="arms"
          render={({ field }) => (
            <ChipsField
              label="Arms"
              values={field.value}
              onChange={field.onChange}
              placeholder="e.g. B"
              // A single letter is upper-cased, as the API stores it.
              toValue={(text) => ({ value: text.trim().length === 1 ? text.trim().toUpperCase() : text.trim() })}
              error={listError(errors.arms)}
            />
          )}
        />
        <TextField label="Capacity" type="number" inputMode="numeric" min={1} max={200} error={errors.capacity?.message} {...form.register("capacity")} />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogCancel disabled={check.busy} />
          <Button type="submit" disabled={check.busy}>
            Review
          </Button>
        </div>
      </form>
      {review ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            {schoolName(review.body.schoolId)}: arm{review.body.arms.length === 1 ? "" : "s"} {review.body.arms.join(", ")}, capacity {review.body.capacity}.
          </p>
          <section aria-labelledby="standard-set-create" className="flex flex-col gap-1">
            <h3 id="standard-set-create" ref={reviewHeading} tabIndex={-1} className="font-semibold outline-none">
              To be created ({review.answer.create.length})
            </h3>
            {review.answer.create.length > 0 ? (
              <ul aria-labelledby="standard-set-create" className="flex flex-wrap gap-2">
                {review.answer.create.map((c) => (
                  <li key={c.name} className="rounded-full bg-muted px-3 py-1 text-sm">
                    {c.name}
                  </li>
                ))}
              </ul>
            ) : (
              <p role="status" className="text-sm">
                {classMessages.nothingToCreate}
              </p>
            )}
          </section>
          {review.answer.existing.length > 0 ? (
            <section aria-labelledby="standard-set-existing" className="flex flex-col gap-1">
              <h3 id="standard-set-existing" className="font-semibold">
                Already there, skipped ({review.answer.existing.length})
              </h3>
              <ul aria-labelledby="standard-set-existing" className="flex flex-wrap gap-2">
                {review.answer.existing.map((name) => (
                  <li key={name} className="rounded-full border border-border px-3 py-1 text-sm text-muted-foreground">
                    {name}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setReview(null)} disabled={create.busy}>
              Back
            </Button>
            <Button onClick={() => void create.run(review.body)} disabled={create.busy || review.answer.create.length === 0}>
              Create {review.answer.create.length} class{review.answer.create.length === 1 ? "" : "es"}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
