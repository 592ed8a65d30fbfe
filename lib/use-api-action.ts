"use client";

import { useState } from "react";
import type { FieldValues } from "react-hook-form";
import { toast } from "./notify";
import { ApiError } from "./client-api";
import { applyServerIssues, type FormLike } from "./form-issues";

export type ApiActionOptions<V, R, F extends FieldValues> = {
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
 * per-field issues on the form's fields), then `onSuccess`. `busy` drives the loading overlay and the
 * disabled buttons. Signed-in pages use it through useApiMutation, which also refreshes cached reads;
 * the guest pages use it as it is, so they load no query cache.
 */
export function useApiAction<V = void, R = unknown, F extends FieldValues = FieldValues>(
  call: (variables: V) => Promise<R>,
  options: ApiActionOptions<V, R, F> = {},
) {
  const [pending, setPending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  return {
    /** Starts the change; failures are shown, never thrown. */
    run: async (variables: V): Promise<boolean> => {
      setPending(true);
      try {
        const result = await call(variables);
        if (!options.inPlace) setLeaving(true);
        await options.onSuccess?.(result, variables);
        return true;
      } catch (error) {
        setLeaving(false);
        if (options.form && error instanceof ApiError && applyServerIssues(options.form, error.issues) > 0) {
          // The refused field gets the focus and comes into view, as after an invalid submit (loaded then).
          const paths = error.issues.map((issue) => issue.path);
          void import("./lead-to-invalid-field").then((m) => m.leadToServerIssue(paths));
        }
        toast.error(error instanceof Error ? error.message : String(error));
        return false;
      } finally {
        setPending(false);
      }
    },
    busy: pending || leaving,
  };
}
