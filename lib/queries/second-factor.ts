import type { EnrolmentStart, RecoveryCodes, SecondFactorStatus } from "../contract/second-factor";
import { clientApi, districtApi } from "../client-api";

type SignedIn = { user: { staff: { isSuperAdmin: boolean } }; redirectTo: string };

/** The second step of sign-in (the BFF's own handlers, which keep the tokens in the cookie). */
export const secondStepCalls = {
  code: (code: string, next?: string) => clientApi<SignedIn>("/api/auth/second-factor", { method: "POST", json: { code, next } }),
  startEnrolment: () => clientApi<EnrolmentStart>("/api/auth/second-factor/enrolment", { method: "POST", json: {} }),
  confirmEnrolment: (code: string, next?: string) =>
    clientApi<SignedIn & RecoveryCodes>("/api/auth/second-factor/enrolment/confirm", { method: "POST", json: { code, next } }),
};

/** Two-step sign-in from the profile (the district API through the BFF). */
export const profileSecondFactorCalls = {
  status: () => clientApi<SecondFactorStatus>(districtApi("profile/second-factor")),
  startEnrolment: () => clientApi<EnrolmentStart>(districtApi("profile/second-factor/enrolment"), { method: "POST" }),
  confirmEnrolment: (code: string) => clientApi<RecoveryCodes>(districtApi("profile/second-factor/enrolment/confirm"), { method: "POST", json: { code } }),
  turnOff: (code: string) => clientApi<{ message: string }>(districtApi("profile/second-factor/off"), { method: "POST", json: { code } }),
  reset: (staffId: string) => clientApi<{ message: string }>(districtApi(`staff/${staffId}/second-factor/reset`), { method: "POST" }),
};
