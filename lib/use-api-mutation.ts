"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { FieldValues } from "react-hook-form";
import { useApiAction, type ApiActionOptions } from "./use-api-action";

type Options<V, R, F extends FieldValues> = ApiActionOptions<V, R, F> & {
  /** Query keys to refresh after success (a resource's `keys.all`, usually). */
  invalidates?: readonly QueryKey[];
};

/** A change on a signed-in page: useApiAction, and what the change touched read anew before `onSuccess`. */
export function useApiMutation<V = void, R = unknown, F extends FieldValues = FieldValues>(
  mutationFn: (variables: V) => Promise<R>,
  { invalidates = [], onSuccess, ...options }: Options<V, R, F> = {},
) {
  const queryClient = useQueryClient();
  return useApiAction(mutationFn, {
    ...options,
    onSuccess: async (result, variables) => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSuccess?.(result, variables);
    },
  });
}
