"use client";

import { NavLink } from "@/components/ui/nav-link";
import { Controller } from "react-hook-form";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextArea } from "@/components/ui/text-area";
import { TextField } from "@/components/ui/text-field";
import { successNotices } from "@/lib/contract/messages";
import type { Operation } from "@/lib/contract/permissions";
import type { RoleDetail, RoleForm as Values } from "@/lib/contract/roles";
import { roleKeys, roleMutations, usePermissionCatalogue } from "@/lib/queries/roles";
import { routes } from "@/lib/routes";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { PermissionPicker } from "./permission-picker";
import { lazyResolver } from "@/lib/lazy-resolver";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/roles").then((m) => m.roleFormSchema));

/** Creates a role, or edits one when `role` is given; back to the role list after the notice. */
export function RoleForm({ role }: { role?: RoleDetail }) {
  const catalogue = usePermissionCatalogue();
  const successRedirect = useSuccessRedirect();
  const form = useForm<Values>({
    resolver: validation.resolver,
    defaultValues: { name: role?.name ?? "", description: role?.description ?? "", operations: role?.operations ?? [] },
  });
  const { errors } = form.formState;
  const draft = useFormDraft(`role:${role?.id ?? "new"}`, form);

  const { busy, run } = useApiMutation((values: Values) => (role ? roleMutations.update(role, values) : roleMutations.create(values)), {
    form,
    invalidates: [roleKeys.all],
    onSuccess: () => {
      draft.clear();
      return successRedirect(role ? successNotices.roleUpdated : successNotices.roleCreated, routes.permissionManagement);
    },
  });

  return (
    <form
      {...formWithoutScript}
      onFocus={validation.warm}
      noValidate
      onSubmit={form.handleSubmit(run, onInvalidSubmit)}
      className="flex max-w-3xl flex-col gap-4"
    >
      {busy ? <LoadingOverlay /> : null}
      <DraftNotice draft={draft} />
      <TextField label="Role name" error={errors.name?.message} {...form.register("name")} />
      <TextArea label="Description" error={errors.description?.message} {...form.register("description")} />
      {catalogue.isPending ? <p role="status">Loading permissions…</p> : null}
      {catalogue.isError ? <p role="alert">{catalogue.error.message}</p> : null}
      {catalogue.data ? (
        <Controller
          control={form.control}
          name="operations"
          render={({ field }) => (
            <PermissionPicker
              catalogue={catalogue.data.permissions}
              value={(field.value ?? []) as Operation[]}
              onChange={field.onChange}
              error={errors.operations?.message}
            />
          )}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {role ? "Save changes" : "Create role"}
        </Button>
        <NavLink
          href={routes.permissionManagement}
          className="inline-flex min-h-11 items-center rounded-md border border-border px-4 text-sm font-semibold hover:bg-muted"
        >
          Cancel
        </NavLink>
      </div>
    </form>
  );
}
