"use client";

import { NavLink } from "@/components/ui/nav-link";
import { useSearchParams } from "next/navigation";
import { successNotices } from "@/lib/contract/notices";
import { secondStepCalls } from "@/lib/queries/second-factor";
import { routes } from "@/lib/routes";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { CodeForm } from "./code-form";

/** The second step of a sign-in with two-step sign-in on: the app's code, or one recovery code. */
export function SignInCode() {
  const next = useSearchParams().get("next") ?? undefined;
  const successRedirect = useSuccessRedirect();
  return (
    <>
      <CodeForm
        label="Code"
        submit="Verify"
        recovery
        call={(code) => secondStepCalls.code(code, next)}
        // As after a password alone: the super administrator's notice, everyone else simply arrives.
        onSuccess={({ user, redirectTo }) =>
          successRedirect(user.staff.isSuperAdmin ? successNotices.loginSuccessful : null, redirectTo, user.staff.isSuperAdmin ? undefined : 0)
        }
      />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        <NavLink href={routes.login} className="font-medium text-primary hover:underline">
          Back to sign in
        </NavLink>
      </p>
    </>
  );
}
