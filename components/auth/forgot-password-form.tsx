"use client";

import { NavLink } from "@/components/ui/nav-link";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import type { ForgotPasswordForm as Values } from "@/lib/contract/auth";
import { successNotices } from "@/lib/contract/notices";
import { resetData } from "@/lib/reset-data";
import { routes } from "@/lib/routes";
import { authCalls } from "@/lib/queries/auth";
import { useApiAction } from "@/lib/use-api-action";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { lazyResolver } from "@/lib/lazy-resolver";
import { formWithoutScript } from "@/lib/form-without-script";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/auth").then((m) => m.forgotPasswordSchema));

export function ForgotPasswordForm() {
  const successRedirect = useSuccessRedirect();
  const form = useForm<Values>({ resolver: validation.resolver, defaultValues: { email: "" } });
  const { busy, run } = useApiAction(authCalls.requestResetCode, {
    form,
    onSuccess: async (answer) => {
      resetData.save(answer);
      await successRedirect(successNotices.resetCodeSent, routes.updatePasswordOtp);
    },
  });

  return (
    <form {...formWithoutScript} onFocus={validation.warm} noValidate onSubmit={form.handleSubmit(run, onInvalidSubmit)} className="flex flex-col gap-4">
      {busy ? <LoadingOverlay /> : null}
      <TextField label="E-mail" type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register("email")} />
      <Button type="submit" disabled={busy}>
        Send reset code
      </Button>
      <NavLink href={routes.login} className="text-center text-sm font-medium text-primary hover:underline">
        Back to sign in
      </NavLink>
    </form>
  );
}
