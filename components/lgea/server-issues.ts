import type { ErrorOption, FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { LgeaPortalForm } from "@/lib/contract/lgea";
import type { NewStaffInput } from "@/lib/contract/staff";
import type { FormLike } from "@/lib/form-issues";

/** Where the new administrator's staff form sits in the request (`administrator.staff.email`). */
const STAFF_PREFIX = "administrator.staff.";

type Portal = Pick<UseFormReturn<LgeaPortalForm>, "setError" | "getValues">;
type Staff = Pick<UseFormReturn<NewStaffInput>, "setError">;

/**
 * The creation page's two forms as the one form the request is: the server's per-field issues go onto the
 * portal's fields (`name`, `localGovernment`), the new staff member's (`administrator.staff.email` onto
 * the staff form's `email`), or, for the choice of administrator itself (`administrator`,
 * `administrator.staffId`), to `onAdministrator`.
 */
export function lgeaIssueTarget(portal: Portal, staff: Staff, onAdministrator: (message: string) => void): FormLike<FieldValues> {
  const target = {
    getValues: () => ({ ...portal.getValues(), administrator: null }),
    setError: (name: string, error: ErrorOption, options?: { shouldFocus: boolean }) => {
      if (name.startsWith(STAFF_PREFIX)) staff.setError(name.slice(STAFF_PREFIX.length) as Path<NewStaffInput>, error, options);
      else if (name === "administrator" || name.startsWith("administrator.")) onAdministrator(error.message ?? "");
      else portal.setError(name as Path<LgeaPortalForm>, error, options);
    },
  };
  // react-hook-form's getValues is overloaded; only the whole-form call is used (lib/form-issues.ts).
  return target as unknown as FormLike<FieldValues>;
}
