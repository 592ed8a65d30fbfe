import type { Metadata } from "next";
import { Suspense } from "react";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = { title: "Sign in" };

export default function LoginPage() {
  return (
    <>
      <h1 className="text-2xl font-bold">Sign in</h1>
      <p className="mb-6 mt-1 text-sm text-muted-foreground">Welcome back. Sign in to manage your district.</p>
      <Suspense>
        <LoginForm />
      </Suspense>
    </>
  );
}
