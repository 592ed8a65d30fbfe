"use client";

import { NavLink } from "@/components/ui/nav-link";
import { useSearchParams } from "next/navigation";
import { Controller } from "react-hook-form";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { OtpInput } from "@/components/ui/otp-input";
import { PasswordField } from "@/components/ui/password-field";
import type { UpdatePasswordForm as Values } from "@/lib/contract/auth";
import { successNotices } from "@/lib/contract/notices";
import { resetData, useResetData } from "@/lib/reset-data";
import { routes } from "@/lib/routes";
import { authCalls } from "@/lib/queries/auth";
import { useApiAction } from "@/lib/use-api-action";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { lazyResolver } from "@/lib/lazy-resolver";
import { formWithoutScript } from "@/lib/form-without-script";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/auth").then((m) => m.updatePasswordFormSchema));

/**
 * The code screen (spec §2): the code and a new password. The code is the one asked for in this tab
 * (its id kept by the reset request), or one that came by e-mail unasked: an invitation links here with
 * the address filled in (`?email=`), and the code is then checked against that account's newest code.
 */
export function UpdatePasswordForm() {
  const successRedirect = useSuccessRedirect();
  const stored = useResetData();
  const invited = useSearchParams().get("email");
  const reset = invited ? { email: invited } : stored;
  const form = useForm<Values>({ resolver: validation.resolver, defaultValues: { code: "", password: "", confirmPassword: "" } });
  const { errors } = form.formState;
  const { busy, run } = useApiAction(authCalls.resetPassword, {
    form,
    onSuccess: async () => {
      resetData.clear();
      await successRedirect(successNotices.passwordUpdated, routes.login);
    },
  });

  if (reset === undefined) return null;
  if (reset === null) {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert">There is no reset code waiting in this browser. Request a code first.</p>
        <NavLink href={routes.forgotPassword} className="font-medium text-primary hover:underline">
          Request a reset code
        </NavLink>
      </div>
    );
  }

  const onSubmit = (values: Values) =>
    run({ ...("id" in reset ? { resetCodeId: reset.id } : { email: reset.email }), code: values.code, password: values.password });

  return (
    <form {...formWithoutScript} onFocus={validation.warm} noValidate onSubmit={form.handleSubmit(onSubmit, onInvalidSubmit)} className="flex flex-col gap-4">
      {busy ? <LoadingOverlay /> : null}
      <p className="text-sm text-muted-foreground">
        Enter the 6-digit code we e-mailed to <strong className="text-foreground">{reset.email}</strong>, and choose your password.
      </p>
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => <OtpInput value={field.value} onChange={field.onChange} error={errors.code?.message} />}
      />
      <PasswordField label="New password" autoComplete="new-password" error={errors.password?.message} {...form.register("password")} />
      <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register("confirmPassword")} />
      <Button type="submit" disabled={busy}>
        Update password
      </Button>
      <NavLink href={routes.forgotPassword} className="text-center text-sm font-medium text-primary hover:underline">
        Send a new code
      </NavLink>
    </form>
  );
}
