"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import { forgotPasswordSchema, type ForgotPasswordForm as Values } from "@/lib/contract/auth";
import { formInvalidMessage, successNotices } from "@/lib/contract/messages";
import { resetData } from "@/lib/reset-data";
import { routes } from "@/lib/routes";
import { authCalls } from "@/lib/queries/auth";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";

export function ForgotPasswordForm() {
  const successRedirect = useSuccessRedirect();
  const form = useForm<Values>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });
  const { busy, run } = useApiMutation(authCalls.requestResetCode, {
    form,
    onSuccess: async (answer) => {
      resetData.save(answer);
      await successRedirect(successNotices.resetCodeSent, routes.updatePasswordOtp);
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit(run, () => toast.error(formInvalidMessage))} className="flex flex-col gap-4">
      {busy ? <LoadingOverlay /> : null}
      <TextField label="E-mail" type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register("email")} />
      <Button type="submit" disabled={busy}>
        Send reset code
      </Button>
      <Link href={routes.login} className="text-center text-sm font-medium text-primary hover:underline">
        Back to sign in
      </Link>
    </form>
  );
}
