import type { Metadata } from "next";
import { SignInCode } from "@/components/auth/second-factor/sign-in-code";

export const metadata: Metadata = { title: "Two-step sign-in" };

/** The second step of a sign-in for staff who turned two-step sign-in on (the login sent them here). */
export default function SignInCodePage() {
  return (
    <>
      <h1 className="text-2xl font-bold">Two-step sign-in</h1>
      <p className="mb-6 mt-1 text-sm text-muted-foreground">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <SignInCode />
    </>
  );
}
