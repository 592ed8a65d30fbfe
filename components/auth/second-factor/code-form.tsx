"use client";

import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import type { CodeForm } from "@/lib/contract/second-factor";
import { formWithoutScript } from "@/lib/form-without-script";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useApiAction } from "@/lib/use-api-action";
import { useForm } from "@/lib/use-form";

const anyCode = lazyResolver(() => import("@/lib/contract/second-factor").then((m) => m.codeFormSchema));
const appCode = lazyResolver(() => import("@/lib/contract/second-factor").then((m) => m.appCodeFormSchema));

/**
 * One code field and its button: the sign-in's second step (the app's code or a recovery code), enrolment's
 * first code, turning two-step sign-in off. `recovery`: a recovery code is taken too.
 */
export function CodeForm<R>({
  label,
  submit,
  recovery,
  call,
  onSuccess,
  inPlace,
}: {
  label: string;
  submit: string;
  recovery: boolean;
  call: (code: string) => Promise<R>;
  onSuccess: (result: R) => void | Promise<void>;
  inPlace?: boolean;
}) {
  const validation = recovery ? anyCode : appCode;
  const form = useForm<CodeForm>({ resolver: validation.resolver, defaultValues: { code: "" } });
  const { errors } = form.formState;
  const { busy, run } = useApiAction((values: CodeForm) => call(values.code), { form, onSuccess, inPlace });
  return (
    <form {...formWithoutScript} onFocus={validation.warm} noValidate onSubmit={form.handleSubmit(run, onInvalidSubmit)} className="flex flex-col gap-4">
      {busy ? <LoadingOverlay /> : null}
      <TextField
        label={label}
        autoComplete="one-time-code"
        inputMode={recovery ? "text" : "numeric"}
        spellCheck={false}
        autoCapitalize="off"
        error={errors.code?.message}
        {...form.register("code")}
      />
      <Button type="submit" disabled={busy}>
        {submit}
      </Button>
    </form>
  );
}
