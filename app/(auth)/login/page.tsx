import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";
import { LoginForm } from "@/components/auth/login-form";
import { routes } from "@/lib/routes";

export const metadata: Metadata = { title: "Sign in" };

// No Suspense around the form: every page renders per request (the CSP nonce), so reading the `next`
// parameter does not hold it back, and a boundary would only have React reveal the form after the first paint.
export default function LoginPage() {
  return (
    <>
      <h1 className="text-2xl font-bold">Sign in</h1>
      <p className="mb-6 mt-1 text-sm text-muted-foreground">Welcome back. Sign in to manage your district.</p>
      <LoginForm />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        A new district?{" "}
        <NavLink href={routes.register} className="font-medium text-primary hover:underline">
          Register it
        </NavLink>
      </p>
    </>
  );
}
