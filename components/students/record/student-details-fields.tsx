"use client";

import { TriangleAlert } from "lucide-react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { AddressField } from "@/components/form/address-field";
import { DateField } from "@/components/form/date-field";
import { PhoneInput } from "@/components/form/phone-input";
import { PlaceFields } from "@/components/form/place-fields";
import { SelectField } from "@/components/form/select-field";
import { TextField } from "@/components/ui/text-field";
import { loadingTexts } from "@/lib/contract/notices";
import { admissionNumberOf } from "@/lib/contract/configuration-values";
import { genderEnum, todayInLagos } from "@/lib/contract/staff-values";
import type { NewStudentInput } from "@/lib/contract/students";
import { isoDay } from "@/lib/contract/local-formats";
import { ageWarning, guardianRelationships, specialNeedsOptions } from "@/lib/contract/students-values";
import { useSchoolClasses } from "@/lib/queries/classes";
import { useAllEnum } from "@/lib/queries/reference";
import { useApiRead } from "@/lib/queries/api-read";
import { schoolReads } from "@/lib/queries/schools";

type Place = { id: string; name: string };

export type StudentFieldsProps = {
  districtId: string;
  /** What the user may list: the school and class choices need `school.view` and `class.view`. */
  can: { listSchools: boolean; listClasses: boolean };
  /** The district's admission-number pattern, when the user may read the configuration. */
  admissionPattern: string | null;
  /** The record's own school and class (editing): shown even when they cannot be listed. */
  own?: { school: Place; class: (Place & { level: string }) | null };
};

const ADMISSION_HINT_ID = "admission-number-hint";

/**
 * The student form's fields (architecture 'Students'), inside a FormProvider: the pupil, their school,
 * class and admission, places of origin and residence, the guardian, and special needs. The age warning
 * (architecture: unusual for the class's level) is shown, not enforced.
 */
export function StudentDetailsFields({ districtId, can, admissionPattern, own }: StudentFieldsProps) {
  const { register, control, setValue, formState } = useFormContext<NewStudentInput>();
  const errors = formState.errors;
  const [schoolId, classId, dob, dateOfAdmission, address] = useWatch({
    control,
    name: ["schoolId", "classId", "dob", "dateOfAdmission", "address"],
  });
  const country = useAllEnum().data?.defaults.country ?? "Nigeria";
  const schools = useApiRead(schoolReads.byDistrict(districtId), { select: (answer) => answer.schools, staleTime: 300_000, enabled: can.listSchools });
  const classes = useSchoolClasses(schoolId ?? "", can.listClasses && Boolean(schoolId));

  const schoolOptions = schools.data ?? (own ? [own.school] : []);
  const ownClass = own?.class && own.school.id === schoolId ? own.class : null;
  const classList = classes.data?.map((c) => ({ id: c.id, name: c.name, level: c.classType.level })) ?? (ownClass ? [ownClass] : []);
  const level = classList.find((c) => c.id === classId)?.level;
  const warning = ageWarning(isoDay(dob ?? ""), isoDay(dateOfAdmission ?? ""), level);

  // Editing, an emptied number keeps the pupil's (PATCH /student/update); admitting, the API gives the next one.
  const admissionHint = own
    ? "Left empty, the pupil keeps their admission number."
    : admissionPattern
      ? `Optional: left empty, the district's next admission number is given (numbered in order within the year of admission, such as ${admissionNumberOf(admissionPattern, Number((dateOfAdmission || todayInLagos()).slice(0, 4)) || new Date().getFullYear(), 1)}).`
      : "Optional: left empty, the district's next admission number is given.";
  const admissionError = errors.admissionNumber?.message;

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">Pupil</legend>
        <div className="flex flex-col gap-1">
          <TextField
            id="admission-number"
            label="Admission number"
            autoComplete="off"
            error={admissionError}
            aria-describedby={[ADMISSION_HINT_ID, admissionError ? "admission-number-error" : ""].filter(Boolean).join(" ")}
            {...register("admissionNumber")}
          />
          <p id={ADMISSION_HINT_ID} className="text-xs text-muted-foreground">
            {admissionHint}
          </p>
        </div>
        <TextField label="First name" autoComplete="off" error={errors.firstName?.message} {...register("firstName")} />
        <TextField label="Middle name (optional)" autoComplete="off" error={errors.middleName?.message} {...register("middleName")} />
        <TextField label="Last name" autoComplete="off" error={errors.lastName?.message} {...register("lastName")} />
        <SelectField label="Gender" options={genderEnum} placeholder="Choose" error={errors.gender?.message} {...register("gender")} />
        <Controller
          control={control}
          name="dob"
          render={({ field }) => (
            <DateField
              ref={field.ref}
              label="Date of birth"
              notFuture
              value={field.value ?? ""}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.dob?.message}
            />
          )}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">Admission</legend>
        <SelectField
          label="School"
          options={schoolOptions.map((s) => ({ value: s.id, label: s.name }))}
          placeholder={can.listSchools && schools.isPending ? loadingTexts.schools : "Choose a school"}
          error={errors.schoolId?.message ?? (schools.isError ? schools.error.message : undefined)}
          {...register("schoolId", { onChange: () => setValue("classId", "") })}
        />
        <SelectField
          label="Class (optional)"
          options={classList.map((c) => ({ value: c.id, label: c.name }))}
          placeholder={!schoolId ? "Choose a school first" : classes.isFetching && !classes.data ? loadingTexts.default : "No class yet"}
          disabled={!schoolId}
          error={errors.classId?.message ?? (classes.isError ? classes.error.message : undefined)}
          {...register("classId")}
        />
        <Controller
          control={control}
          name="dateOfAdmission"
          render={({ field }) => (
            <DateField
              ref={field.ref}
              label="Date of admission"
              notFuture
              value={field.value ?? ""}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.dateOfAdmission?.message}
            />
          )}
        />
        {warning ? (
          <p role="status" className="flex gap-2 rounded-md border border-danger bg-danger/5 p-3 text-sm sm:col-span-3">
            <TriangleAlert size={18} className="mt-0.5 shrink-0 text-danger" aria-hidden />
            <span>{warning}</span>
          </p>
        ) : null}
      </fieldset>

      <PlaceFields kind="Origin" country={country} />
      <PlaceFields kind="Residence" country={country} />
      <AddressField
        label="Address"
        value={address ?? ""}
        error={errors.address?.message}
        onAddress={(typed) => setValue("address", typed, { shouldValidate: formState.isSubmitted })}
      />

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Parent or guardian</legend>
        <TextField label="Guardian's name" autoComplete="off" error={errors.guardianName?.message} {...register("guardianName")} />
        <SelectField
          label="Relationship to the pupil"
          options={guardianRelationships}
          placeholder="Choose"
          error={errors.guardianRelationship?.message}
          {...register("guardianRelationship")}
        />
        <PhoneInput
          label="Guardian's phone number"
          codeProps={register("guardianPhoneCode")}
          numberProps={register("guardianPhone")}
          error={errors.guardianPhone?.message ?? errors.guardianPhoneCode?.message}
        />
        <TextField label="Guardian's e-mail (optional)" type="email" autoComplete="off" error={errors.guardianEmail?.message} {...register("guardianEmail")} />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Special educational needs" options={specialNeedsOptions} error={errors.specialNeeds?.message} {...register("specialNeeds")} />
      </div>
    </div>
  );
}
