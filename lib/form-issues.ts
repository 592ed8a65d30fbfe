import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { FieldIssue } from "./contract/errors";

/** What is needed of a react-hook-form form, whatever its resolver's output type. */
export type FormLike<F extends FieldValues> = Pick<UseFormReturn<F>, "setError" | "getValues">;

/**
 * Puts the server's per-field issues (`issues[].path`, as the APIs answer a 400) onto the form's fields
 * of those names, the first one focused; issues of fields the form does not have are left to the
 * notice. Returns how many it placed.
 */
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
