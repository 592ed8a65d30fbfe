"use client";

import { NavLink } from "@/components/ui/nav-link";
import { useSearchParams } from "next/navigation";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { PasswordField } from "@/components/ui/password-field";
import { TextField } from "@/components/ui/text-field";
import type { LoginForm as LoginValues } from "@/lib/contract/auth";
import { successNotices } from "@/lib/contract/notices";
import { routes } from "@/lib/routes";
import { authCalls } from "@/lib/queries/auth";
import { useApiAction } from "@/lib/use-api-action";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { lazyResolver } from "@/lib/lazy-resolver";
import { formWithoutScript } from "@/lib/form-without-script";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/auth").then((m) => m.loginFormSchema));

export function LoginForm() {
  const next = useSearchParams().get("next");
  const successRedirect = useSuccessRedirect();
  const form = useForm<LoginValues>({ resolver: validation.resolver, defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;
  const { busy, run } = useApiAction((values: LoginValues) => authCalls.login({ ...values, next: next ?? undefined }), {
    form,
    // Spec §8 lists 'Login Successful' as the super administrator's notice; everyone else simply arrives.
    onSuccess: ({ user, redirectTo }) =>
      successRedirect(user?.staff.isSuperAdmin ? successNotices.loginSuccessful : null, redirectTo, user?.staff.isSuperAdmin ? undefined : 0),
  });

  return (
    <form {...formWithoutScript} onFocus={validation.warm} noValidate onSubmit={form.handleSubmit(run, onInvalidSubmit)} className="flex flex-col gap-4">
      {busy ? <LoadingOverlay /> : null}
      <TextField label="E-mail" type="email" autoComplete="username" error={errors.email?.message} {...form.register("email")} />
      <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...form.register("password")} />
      <div className="flex justify-end">
        <NavLink href={routes.forgotPassword} className="text-sm font-medium text-primary hover:underline">
          Forgot password?
        </NavLink>
      </div>
      <Button type="submit" disabled={busy}>
        Sign in
      </Button>
    </form>
  );
}
