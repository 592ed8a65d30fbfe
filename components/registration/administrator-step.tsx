"use client";

import { useState } from "react";
import { FormProvider } from "react-hook-form";
import { StaffDetailsFields } from "@/components/staff/staff-details-fields";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { PasswordField } from "@/components/ui/password-field";
import { TextField } from "@/components/ui/text-field";
import { registrationMessages } from "@/lib/contract/registration-values";
import type { RegistrantForm, RegistrantFormInput } from "@/lib/contract/registration";
import type { FieldIssue } from "@/lib/contract/errors";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { useStateTerms } from "@/lib/queries/registration";
import { useTaken } from "@/lib/use-availability";
import type { Draft } from "./draft";
import { formWithoutScript } from "@/lib/form-without-script";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/registration").then((m) => m.registrantFormSchema));
const worthChecking = (v: string) => v.length > 5;

type Props = {
  staff: Draft["staff"];
  /** The state portal chosen in step two, when the user has been there: its terms name the numbers (spec §1). */
  stateId: string;
  /** Per-field issues to show at once (a taken e-mail or phone number, told after the code was verified). */
  issues: FieldIssue[];
  busy: boolean;
  onNext: (values: RegistrantForm) => void;
};

/** Step one (spec §2 'Staff registration step one'): the administrator's staff form, a username and a password. */
export function AdministratorStep({ staff, stateId, issues, busy, onNext }: Props) {
  const terminologies = useStateTerms(stateId);
  const [serverErrors] = useState(() =>
    issues.length > 0 ? Object.fromEntries(issues.map((i) => [i.path, { type: "server", message: i.message }])) : undefined,
  );
  const form = useForm<RegistrantFormInput, unknown, RegistrantForm>({
    resolver: validation.resolver,
    defaultValues: { ...staff, password: "", confirmPassword: "" },
    // The server's issues, once: a new object on every render would have the form clear its own errors each time.
    errors: serverErrors,
  });
  const { errors } = form.formState;
  const usernameTaken = useTaken("username", form.watch("username") ?? "", null, worthChecking, "staff/register/username-exists");

  return (
    <FormProvider {...form}>
      <form
        {...formWithoutScript}
        onFocus={validation.warm}
        noValidate
        aria-label="The district's administrator"
        onSubmit={form.handleSubmit(
          (values) => (usernameTaken ? form.setError("username", { message: registrationMessages.usernameTaken }) : onNext(values)),
          onInvalidSubmit,
        )}
        className="flex flex-col gap-5"
      >
        {busy ? <LoadingOverlay /> : null}
        <StaffDetailsFields terminologies={terminologies} own={{ email: null, phoneNumber: null }} liveChecks={false} />
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">Sign-in</legend>
          <TextField
            label="Username"
            autoComplete="username"
            error={errors.username?.message ?? (usernameTaken ? registrationMessages.usernameTaken : undefined)}
            {...form.register("username")}
          />
          <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...form.register("password")} />
          <PasswordField label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register("confirmPassword")} />
        </fieldset>
        <p className="text-sm text-muted-foreground">Next sends a 6-digit code to the e-mail address above, to confirm it is yours.</p>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            Next
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
