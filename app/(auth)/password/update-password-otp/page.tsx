import type { Metadata } from "next";
import { UpdatePasswordForm } from "@/components/auth/update-password-form";

export const metadata: Metadata = { title: "Set a new password" };

export default function UpdatePasswordOtpPage() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold">Set a new password</h1>
      <UpdatePasswordForm />
    </>
  );
}
