"use client";

import { useState } from "react";
import { useWatch, type Resolver } from "react-hook-form";
import { RecordHistory } from "@/components/audit/record-history";
import { SelectField } from "@/components/form/select-field";
import { StaffSearch } from "@/components/form/staff-search";
import { Button } from "@/components/ui/button";
import { Dialog, DialogCancel } from "@/components/ui/dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import type { HistoryAccess } from "@/lib/audit-access";
import type { ClassForm, ClassItem } from "@/lib/contract/classes";
import { levelsOfCategory } from "@/lib/contract/classes-values";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { toast } from "@/lib/notify";
import { classKeys, classMutations, useClassTypes, type ClassBody, type ClassUpdateBody } from "@/lib/queries/classes";
import { useDistrictSchools } from "@/lib/queries/schools";
import { useApiMutation } from "@/lib/use-api-mutation";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

const createValidation = lazyResolver(() => import("@/lib/contract/classes").then((m) => m.classFormSchema));
const updateValidation = lazyResolver(() => import("@/lib/contract/classes").then((m) => m.classUpdateSchema));

type Values = ClassForm & { version?: number };
type Teacher = { id: string; firstName: string; lastName: string };
type Props = { districtId: string; onClose: () => void } & (
  { item: ClassItem; defaultSchool?: undefined; history?: HistoryAccess } | { item?: undefined; defaultSchool?: string; history?: undefined }
);

const DEFAULT_CAPACITY = 40;

/**
 * Creates a class, or edits `item`: school, class type (those the school's category has), arm, class
 * teacher (staff posted at that school; may be left empty) and capacity. The list refreshes after success.
 */
export function ClassDialog({ districtId, item, defaultSchool = "", history = null, onClose }: Props) {
  const schools = useDistrictSchools(districtId);
  const types = useClassTypes();
  const [teacher, setTeacher] = useState<Teacher | null>(item?.classTeacher ?? null);
  const validation = item ? updateValidation : createValidation;
  // One form for both: an edit's values always carry the version the update schema asks for.
  const resolver = validation.resolver as Resolver<Values, unknown, ClassBody & { version?: number }>;
  const form = useForm<Values, unknown, ClassBody & { version?: number }>({
    resolver,
    defaultValues: item
      ? {
          schoolId: item.school.id,
          classTypeId: item.classType.id,
          arm: item.arm,
          classTeacherId: item.classTeacher?.id ?? "",
          capacity: item.capacity,
          version: item.version,
        }
      : { schoolId: defaultSchool, classTypeId: "", arm: "", classTeacherId: "", capacity: DEFAULT_CAPACITY },
  });
  const { errors } = form.formState;
  // The teacher is shown from a search, not from the form: a restored draft leaves the choice to be made again.
  const draft = useFormDraft(`class:${item?.id ?? "new"}`, form, { exclude: ["classTeacherId", "version"] });

  const schoolOptions = (schools.data ?? []).map((s) => ({ value: s.id, label: s.name, category: s.category }));
  if (item && !schoolOptions.some((s) => s.value === item.school.id))
    schoolOptions.push({ value: item.school.id, label: item.school.name, category: item.school.category as (typeof schoolOptions)[number]["category"] });
  const schoolId = useWatch({ control: form.control, name: "schoolId" });
  const school = schoolOptions.find((s) => s.value === schoolId);
  const allowed = school ? levelsOfCategory[school.category] : [];
  const typeOptions = (types.data ?? []).filter((t) => allowed.includes(t.level)).map((t) => ({ value: t.id, label: t.name }));
  // The class's own type stays choosable at its own school, whatever the lists say.
  if (item && schoolId === item.school.id && !typeOptions.some((t) => t.value === item.classType.id))
    typeOptions.push({ value: item.classType.id, label: item.classType.name });

  const save = useApiMutation(
    (values: ClassBody & { version?: number }) =>
      item ? classMutations.update(item.id, { ...values, version: values.version ?? item.version } satisfies ClassUpdateBody) : classMutations.create(values),
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

  const chooseTeacher = (next: Teacher | null) => {
    setTeacher(next);
    form.setValue("classTeacherId", next?.id ?? "", { shouldDirty: true });
    form.clearErrors("classTeacherId");
  };
  const schoolField = form.register("schoolId", {
    onChange: (event: { target: { value: string } }) => {
      // A class teacher is posted at the school, and the class type must be one the school's category has.
      chooseTeacher(null);
      const category = schoolOptions.find((s) => s.value === event.target.value)?.category;
      const typeId = form.getValues("classTypeId");
      const level = types.data?.find((t) => t.id === typeId)?.level;
      if (!category || !level || !levelsOfCategory[category].includes(level)) form.setValue("classTypeId", "");
    },
  });
  const title = item ? `Edit ${item.name}` : "New class";

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={title} draft={draft}>
      <form
        {...formWithoutScript}
        onFocus={validation.warm}
        noValidate
        aria-label={item ? "Edit class" : "New class"}
        onSubmit={form.handleSubmit(save.run, onInvalidSubmit)}
        className="flex flex-col gap-4"
      >
        {save.busy ? <LoadingOverlay /> : null}
        <DraftNotice draft={draft} />
        {item && item.pupils > 0 ? (
          // The API keeps a class with pupils at its school: the school is shown, not offered.
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium">School</span>
            <p>{item.school.name}</p>
            <p className="text-xs text-muted-foreground">This class has pupils, so it stays at its school.</p>
            {errors.schoolId?.message ? (
              <p role="alert" className="text-sm text-danger">
                {errors.schoolId.message}
              </p>
            ) : null}
          </div>
        ) : (
          <SelectField label="School" options={schoolOptions} placeholder="Choose a school" error={errors.schoolId?.message} {...schoolField} />
        )}
        <SelectField
          label="Class type"
          options={typeOptions}
          placeholder={school ? "Choose a class type" : "Choose a school first"}
          disabled={!school}
          error={errors.classTypeId?.message}
          {...form.register("classTypeId")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Arm" placeholder="e.g. A" autoComplete="off" error={errors.arm?.message} {...form.register("arm")} />
          <TextField label="Capacity" type="number" inputMode="numeric" min={1} max={200} error={errors.capacity?.message} {...form.register("capacity")} />
        </div>
        <div className="flex flex-col gap-1">
          {teacher ? (
            <>
              <span className="text-sm font-medium">Class teacher</span>
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-1">
                <span>
                  {teacher.firstName} {teacher.lastName}
                </span>
                <Button variant="ghost" onClick={() => chooseTeacher(null)} aria-label={`Remove ${teacher.firstName} ${teacher.lastName} as class teacher`}>
                  Remove
                </Button>
              </div>
            </>
          ) : school ? (
            <StaffSearch districtId={districtId} school={school.value} label="Class teacher" onSelect={chooseTeacher} />
          ) : (
            <>
              <span className="text-sm font-medium">Class teacher</span>
              <p className="text-sm text-muted-foreground">Choose a school first: the class teacher is a staff member posted there.</p>
            </>
          )}
          {errors.classTeacherId?.message ? (
            <p role="alert" className="text-sm text-danger">
              {errors.classTeacherId.message}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">Optional: a class may have no class teacher yet.</p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogCancel disabled={save.busy} />
          <Button type="submit" disabled={save.busy}>
            {item ? "Save class" : "Create class"}
          </Button>
        </div>
      </form>
      {/* An existing class's changes, under its form (issue: the audit trail). */}
      {item && history ? (
        <div className="mt-4">
          <RecordHistory access={history} recordId={item.id} recordName={item.name} />
        </div>
      ) : null}
    </Dialog>
  );
}
