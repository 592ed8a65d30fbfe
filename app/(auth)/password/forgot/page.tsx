import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <>
      <h1 className="text-2xl font-bold">Forgot password</h1>
      <p className="mb-6 mt-1 text-sm text-muted-foreground">Enter your e-mail and we will send you a 6-digit reset code.</p>
      <ForgotPasswordForm />
    </>
  );
}
