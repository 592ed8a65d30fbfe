"use client";

import { Controller, useFormContext } from "react-hook-form";
import { AddressField } from "@/components/form/address-field";
import { DateField } from "@/components/form/date-field";
import { PhoneInput } from "@/components/form/phone-input";
import { PlaceFields } from "@/components/form/place-fields";
import { SelectField } from "@/components/form/select-field";
import { TextField } from "@/components/ui/text-field";
import { lastTenDigits } from "@/lib/contract/local-formats";
import { fieldMessages } from "@/lib/contract/messages";
import { genderEnum, maritalStatusEnum, titleEnum } from "@/lib/contract/staff-values";
import type { StaffDetailsInput } from "@/lib/contract/staff";
import { term } from "@/lib/contract/terminology";
import type { StateTerminologies } from "@/lib/contract/user";
import { useTaken } from "@/lib/use-availability";

type Props = {
  terminologies: StateTerminologies;
  /** The record's own e-mail and phone number: never reported as taken. */
  own: { email: string | null; phoneNumber: string | null };
  /** Off on the registration page: a guest learns whether they are taken only once the e-mail is proven theirs. */
  liveChecks?: boolean;
};

const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
const isTenDigits = (v: string) => /^[1-9]\d{9}$/.test(v);

/** The staff form's fields (spec §2 'Staff registration step one', §5 rules), inside a FormProvider. */
export function StaffDetailsFields({ terminologies, own, liveChecks = true }: Props) {
  const { register, control, watch, setValue, formState } = useFormContext<StaffDetailsInput>();
  const errors = formState.errors;
  const emailTaken = useTaken("email", watch("email") ?? "", own.email, (v) => liveChecks && looksLikeEmail(v));
  const phoneTaken = useTaken("phone-number", lastTenDigits(watch("phoneNumber") ?? ""), own.phoneNumber, (v) => liveChecks && isTenDigits(v));
  const dateFields = [
    ["dateOfEmployment", "Date of employment"],
    ["dateOfFirstAppointment", "Date of first appointment"],
    ["dateOfPresentAppointment", "Date of present appointment"],
    ["dateOfLastPromotion", "Date of last promotion"],
    ["lastDateOfPosting", "Last date of posting"],
  ] as const;

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField label="Title" options={titleEnum} error={errors.title?.message} {...register("title")} />
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register("firstName")} />
        <TextField label="Middle name (optional)" autoComplete="additional-name" error={errors.middleName?.message} {...register("middleName")} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register("lastName")} />
        <TextField label={term(terminologies, "oracleNumber")} error={errors.oracleNumber?.message} {...register("oracleNumber")} />
        <TextField label={term(terminologies, "tescomNumber")} error={errors.tescomNumber?.message} {...register("tescomNumber")} />
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
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <PhoneInput
          label="Phone number"
          codeProps={register("phoneCode")}
          numberProps={register("phoneNumber")}
          error={errors.phoneNumber?.message ?? (phoneTaken ? fieldMessages.phoneTaken : undefined)}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          error={errors.email?.message ?? (emailTaken ? fieldMessages.emailTaken : undefined)}
          {...register("email")}
        />
      </div>
      <AddressField
        label="Address"
        value={watch("address") ?? ""}
        error={errors.address?.message}
        onAddress={(address, coordinates) => {
          setValue("address", address, { shouldValidate: formState.isSubmitted });
          setValue("addressCoordinates", coordinates);
        }}
      />
      <PlaceFields kind="Origin" />
      <PlaceFields kind="Residence" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Area of specialization (optional)" error={errors.areaOfSpecialization?.message} {...register("areaOfSpecialization")} />
        <SelectField
          label="Marital status (optional)"
          options={maritalStatusEnum}
          placeholder="Not given"
          error={errors.maritalStatus?.message}
          {...register("maritalStatus")}
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">Employment dates (optional)</legend>
        {dateFields.map(([name, label]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <DateField
                ref={field.ref}
                label={label}
                notFuture
                value={field.value ?? ""}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors[name]?.message}
              />
            )}
          />
        ))}
      </fieldset>
    </div>
  );
}
