import type { Metadata } from "next";
import { SignInEnrolment } from "@/components/auth/second-factor/sign-in-enrolment";

export const metadata: Metadata = { title: "Set up two-step sign-in" };

/** Super administrators and district owners set up two-step sign-in here before their first session (the login sent them). */
export default function SignInEnrolmentPage() {
  return (
    <>
      <h1 className="text-2xl font-bold">Set up two-step sign-in</h1>
      <p className="mb-6 mt-1 text-sm text-muted-foreground">
        Your account needs a code from an authenticator app at every sign-in. Add this key to the app, then enter the code it shows.
      </p>
      <SignInEnrolment />
    </>
  );
}
