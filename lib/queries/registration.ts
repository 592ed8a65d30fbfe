import type { EmailCodeSent, EmailVerified, OwnRegistration, RegistrationInput, RegistrationQueue, StatePortalChoices } from "../contract/registration";
import type { DistrictUpdate } from "../contract/district";
import { presenceFieldName, type PresenceProof } from "../contract/presence-proof";
import { buildTerminologies } from "../contract/terminology";
import type { StateTerminologies } from "../contract/user";
import { clientApi, districtApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

const defaultTerminologies = buildTerminologies(null);

export const registrationKeys = {
  statePortals: ["registration", "state-portals"] as const,
  own: ["registration", "own"] as const,
  queue: (status: string) => ["registration", "queue", status] as const,
};

export const registrationReads = {
  statePortals: () => apiRead<StatePortalChoices>(registrationKeys.statePortals, "staff/register/state-portals"),
  own: () => apiRead<OwnRegistration>(registrationKeys.own, "district/registration"),
  queue: (status = "AwaitingReview") => apiRead<RegistrationQueue>(registrationKeys.queue(status), `super-admin/registrations?status=${status}`),
};

export const useStatePortals = () => useApiRead(registrationReads.statePortals(), { staleTime: Infinity });

/** The chosen state portal's terms for the labels (spec §1); the defaults while none is chosen. */
export function useStateTerms(stateId: string | null | undefined): StateTerminologies {
  const states = useStatePortals();
  const chosen = states.data?.statePortals.find((s) => s.id === stateId);
  return chosen?.stateTerminologies ?? defaultTerminologies;
}

/** The registration page's calls (public: the BFF forwards them without a session) and the review's. */
export const registrationCalls = {
  requestCode: (email: string) => clientApi<EmailCodeSent>(districtApi("staff/register/email-code"), { method: "POST", json: { email } }),
  verify: (body: { verificationId: string; code: string }) =>
    clientApi<EmailVerified>(districtApi("staff/register/verify-email"), { method: "POST", json: body }),
  /** Both steps together, with the cropped logo and the proof of presence: the BFF keeps the new administrator's tokens in the cookie. */
  submit: (registration: RegistrationInput, logo: Blob | null, presence: PresenceProof) => {
    const form = new FormData();
    form.append("registration", JSON.stringify(registration));
    form.append(presenceFieldName, JSON.stringify(presence));
    if (logo) form.append("logo", logo, "logo.jpg");
    return clientApi<{ redirectTo: string }>("/api/auth/register", { method: "POST", body: form });
  },
  approve: (districtId: string) => clientApi<{ message: string }>(districtApi(`super-admin/registrations/${districtId}/approve`), { method: "POST" }),
  requestChanges: (districtId: string, reason: string) =>
    clientApi<{ message: string }>(districtApi(`super-admin/registrations/${districtId}/request-changes`), { method: "POST", json: { reason } }),
  reject: (districtId: string, reason: string) =>
    clientApi<{ message: string }>(districtApi(`super-admin/registrations/${districtId}/reject`), { method: "POST", json: { reason } }),
  /** The owner withdraws their registration under review; their session ends with it. */
  withdraw: () => clientApi<{ message: string }>(districtApi("district/registration/withdraw"), { method: "POST" }),
  resubmit: (values: Omit<DistrictUpdate, "version">) =>
    clientApi<{ message: string }>(districtApi("district/registration"), { method: "PATCH", json: values }),
};
