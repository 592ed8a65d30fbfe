"use client";

import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { ApiError } from "./client-api";
import type { FieldIssue } from "./contract/errors";

/** What the hook needs of a react-hook-form form, whatever its resolver's output type. */
type FormLike<F extends FieldValues> = Pick<UseFormReturn<F>, "setError" | "getValues">;

type Options<V, R, F extends FieldValues> = {
  /** Query keys to refresh after success (a resource's `keys.all`, usually). */
  invalidates?: readonly QueryKey[];
  /** The form whose fields the server's per-field issues go onto. */
  form?: FormLike<F>;
  /** What follows success: a notice, a redirect (see useSuccessRedirect). */
  onSuccess?: (result: R, variables: V) => void | Promise<void>;
  /**
   * The work stays on the page: the overlay comes down after success. Otherwise it stays up while the
   * page moves on, so nothing can be clicked twice.
   */
  inPlace?: boolean;
};

/** Puts the server's per-field issues (`issues[].path`) onto the form's fields of those names; returns how many it placed. */
export function applyServerIssues<F extends FieldValues>(form: FormLike<F>, issues: readonly FieldIssue[]): number {
  const fields = new Set(Object.keys(form.getValues()));
  let placed = 0;
  for (const issue of issues) {
    const name = issue.path.split(".")[0] ?? "";
    if (!fields.has(name)) continue;
    form.setError(issue.path as Path<F>, { type: "server", message: issue.message }, { shouldFocus: placed === 0 });
    placed++;
  }
  return placed;
}

/**
 * The one way a component changes data: runs the call, shows the server's message on failure (and its
 * per-field issues on the form's fields), refreshes what the change touched, then `onSuccess`.
 * `busy` drives the loading overlay and the disabled buttons.
 */
export function useApiMutation<V = void, R = unknown, F extends FieldValues = FieldValues>(
  mutationFn: (variables: V) => Promise<R>,
  options: Options<V, R, F> = {},
) {
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const mutation = useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      if (!options.inPlace) setLeaving(true);
      await Promise.all((options.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await options.onSuccess?.(result, variables);
    },
    onError: (error) => {
      setLeaving(false);
      if (options.form && error instanceof ApiError) applyServerIssues(options.form, error.issues);
      toast.error(error.message);
    },
  });
  return {
    /** Starts the change; failures are shown, never thrown. */
    run: (variables: V) =>
      mutation.mutateAsync(variables).then(
        () => true,
        () => false,
      ),
    busy: mutation.isPending || leaving,
  };
}
