"use client";

import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldValues } from "react-hook-form";
import { toast } from "sonner";
import { ApiError } from "./client-api";
import { applyServerIssues, type FormLike } from "./form-issues";

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
