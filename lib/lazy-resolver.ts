"use client";

import type { FieldValues, Resolver } from "react-hook-form";
import type * as z from "zod/mini";

/**
 * A form's resolver for a contract schema that is fetched, with zod and the resolver, when the user
 * first turns to the form (`warm`, on focus) or at the latest when it is first validated, instead of
 * with the page: zod is most of a small form page's own script, and a visitor reading the page first
 * should not wait for it. The schema is the same one the BFF and the API validate with.
 */
export function lazyResolver<In extends FieldValues, Out extends FieldValues = In>(load: () => Promise<z.ZodMiniType<Out, In>>) {
  let ready: Promise<Resolver<In, unknown, Out>> | undefined;
  const warm = (): Promise<Resolver<In, unknown, Out>> => {
    ready ??= Promise.all([load(), import("@hookform/resolvers/zod")]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Resolver<In, unknown, Out>,
      (error: unknown) => {
        // A slow line that dropped the fetch: the next focus or submit tries again.
        ready = undefined;
        throw error;
      },
    );
    return ready;
  };
  const resolver: Resolver<In, unknown, Out> = async (values, context, options) => (await warm())(values, context, options);
  // Warming ahead of use reports nothing: a failure shows when the form is validated.
  return { resolver, warm: () => void warm().catch(() => undefined) };
}
