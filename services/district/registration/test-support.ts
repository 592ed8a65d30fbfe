import { desc, eq } from "drizzle-orm";
import { presenceFieldName, searchPresence, type PresenceChallenge, type PresenceProof } from "../../../lib/contract/presence-proof";
import type { EmailCodeSent, EmailVerified, RegistrationInput, StatePortalChoices } from "../../../lib/contract/registration";
import type { AuthResult } from "../../../lib/contract/user";
import { enrolWithSecret } from "../../auth/second-factor";
import { demoSecondFactorSecret } from "../../db/demo-data";
import { CLIENT_IP_HEADER, INTERNAL_SECRET_HEADER } from "../../auth/client-ip";
import { outbox } from "../../db/schema";
import type { TestApi } from "../../test/harness";
import { expectOk } from "../../test/helpers";

/** Registration's own test helpers: a complete, valid registration, and the calls of the page's steps. */

export const registrantPassword = "Register#2026";

let serial = 0;
/** A unique registration (e-mail, phone, username, staff numbers and district name differ each call). */
export function validRegistration(stateId: string, verificationId = "", tag = `${Date.now() % 1_000_000}${serial++}`): RegistrationInput {
  const n = tag.padStart(8, "0").slice(-8);
  return {
    verificationId,
    staff: {
      title: "Mrs",
      firstName: "Ngozi",
      lastName: "Okafor",
      middleName: "",
      oracleNumber: `REG-ORC-${n}`,
      tescomNumber: `REG-TSC-${n}`,
      gender: "Female",
      dob: "1984-03-12",
      phoneCode: "+234",
      phoneNumber: `70${n}`,
      email: `ngozi.${n}@registering.example`,
      address: "12 Marina Road, Lagos Island, Lagos",
      countryOfOrigin: "Nigeria",
      stateOfOrigin: "Lagos",
      localGovernmentOfOrigin: "Ikorodu",
      countryOfResidence: "Nigeria",
      stateOfResidence: "Lagos",
      localGovernmentOfResidence: "Lagos Island",
      username: `ngozi_${n}`,
      password: registrantPassword,
    },
    district: {
      name: `Education District ${n}`,
      stateId,
      address: "1 District Way, Lagos Island, Lagos",
      phoneNumbers: [`+23480${n}`],
      emails: [`office.${n}@registering.example`],
    },
  };
}

/** The calls of the registration page, from the client address `ip` (trusted as the BFF's forwarded one). */
export function registrationCalls(api: TestApi, ip = "10.9.0.1") {
  const headers = { [CLIENT_IP_HEADER]: ip, [INTERNAL_SECRET_HEADER]: api.config.INTERNAL_SECRET };
  const mailedCode = async (email: string) => {
    await api.mailer.flush();
    const [mail] = await api.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt)).limit(1);
    const code = /\b(\d{6})\b/.exec(mail?.body ?? "")?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };
  const calls = {
    headers,
    stateId: async () => (await expectOk<StatePortalChoices>(await api.call("GET", "/staff/register/state-portals"))).statePortals[0]?.id ?? "",
    requestCode: (email: string) => api.call("POST", "/staff/register/email-code", { body: { email }, headers }),
    verify: (body: { verificationId: string; code: string; phoneNumber?: string }) => api.call("POST", "/staff/register/verify-email", { body, headers }),
    mailedCode,
    /** Asks for a code, reads it from the e-mail and verifies it: the verification id to register with. */
    verifiedId: async (email: string, phoneNumber?: string) => {
      const sent = await expectOk<EmailCodeSent>(await calls.requestCode(email), 201);
      await expectOk<EmailVerified>(await calls.verify({ verificationId: sent.verificationId, code: await mailedCode(email), phoneNumber }));
      return sent.verificationId;
    },
    /** A challenge from the API, solved as the registration page's worker solves it. */
    presence: async (): Promise<PresenceProof> => {
      const { challenge, bits } = await expectOk<PresenceChallenge>(await api.call("GET", "/staff/register/challenge", { headers }));
      for (let from = 0; ; from += 100_000) {
        const solution = searchPresence(challenge, bits, from, 100_000);
        if (solution !== null) return { challenge, solution };
      }
    },
    /** Sends the form as the page does, with a fresh proof of presence unless `presence` is given (null: none). */
    submit: async (registration: unknown, logo?: { bytes: Buffer; type?: string }, presence?: PresenceProof | null) => {
      const form = new FormData();
      form.append("registration", typeof registration === "string" ? registration : JSON.stringify(registration));
      const proof = presence === undefined ? await calls.presence() : presence;
      if (proof) form.append(presenceFieldName, JSON.stringify(proof));
      if (logo) form.append("logo", new Blob([new Uint8Array(logo.bytes)], { type: logo.type ?? "image/png" }), "logo.png");
      return api.call("POST", "/staff/register", { form, headers });
    },
    /** A verified, valid registration sent: the signed-in answer. */
    register: async (registration?: RegistrationInput) => {
      const input = registration ?? validRegistration(await calls.stateId());
      input.verificationId = await calls.verifiedId(input.staff.email);
      const result = await expectOk<AuthResult>(await calls.submit(input), 201);
      // A district's owner works with a second factor: the registrant has set theirs up, as the portal asks next.
      await enrolWithSecret(api.db, [result.staff.id], demoSecondFactorSecret);
      return { input, result };
    },
  };
  return calls;
}
