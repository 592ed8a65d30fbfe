import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";
import { RegistrationWizard } from "@/components/registration/registration-wizard";
import { routes } from "@/lib/routes";

export const metadata: Metadata = { title: "Register a district" };

export default function RegisterPage() {
  return (
    <>
      <h1 className="text-2xl font-bold">Register a district</h1>
      <p className="mb-4 text-sm text-muted-foreground">
        The district&apos;s administrator registers it; the state&apos;s reviewers approve it before its operations open. Already registered?{" "}
        <NavLink href={routes.login} className="font-medium text-primary hover:underline">
          Sign in
        </NavLink>
      </p>
      <RegistrationWizard />
    </>
  );
}
