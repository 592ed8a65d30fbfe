import { asc, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { requiredText } from "../../../lib/contract/fields";
import type { PresenceChallenge } from "../../../lib/contract/presence-proof";
import { buildTerminologies } from "../../../lib/contract/terminology";
import {
  emailCodeRequestSchema,
  registrationMessages,
  verifyEmailSchema,
  type EmailCodeSent,
  type EmailVerified,
  type StatePortalChoices,
} from "../../../lib/contract/registration";
import { checkCode, codeMail, issueCode, useCode } from "../../auth/one-time-code";
import { takeAttempt } from "../../auth/rate-limit";
import { hashToken } from "../../auth/tokens";
import { statePortal } from "../../db/schema";
import { publicAccess } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError } from "../../http/errors";
import { isEmailTaken, isUsernameTaken } from "../staff/identity";
import { issuePresenceChallenge } from "./presence-proof";

const tag = "Registration";

/**
 * The registration page's public calls before it sends the registration (architecture 'Registration').
 * None of them is a directory: the username check is limited per client address, and whether an e-mail
 * address already has an account is told only to whoever proved the address theirs; whether a phone has one, never.
 */
export function registrationCheckRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/staff/register/state-portals",
      summary: "The state portals a district may register under, each with its terms for the labels: StatePortalChoices",
      tag,
      access: publicAccess,
    },
    async (c) => {
      const rows = await c
        .get("deps")
        .db.select({ id: statePortal.id, name: statePortal.name, terminologies: statePortal.terminologies })
        .from(statePortal)
        .orderBy(asc(sql`lower(${statePortal.name})`));
      const statePortals = rows.map(({ terminologies, ...portal }) => ({ ...portal, stateTerminologies: buildTerminologies(terminologies) }));
      return c.json({ statePortals } satisfies StatePortalChoices);
    },
  );

  route(
    {
      method: "GET",
      path: "/staff/register/challenge",
      summary:
        "A signed challenge for registration's proof of presence (issue 35): PresenceChallenge { challenge, bits, expiresAt }. The page finds a number n such that SHA-256(challenge + ':' + n) starts with `bits` zero bits and sends { challenge, solution: n } as the form's `presence` field; a challenge serves one registration, until it expires (limited per client address)",
      tag,
      access: publicAccess,
    },
    async (c) => {
      const { db, config } = c.get("deps");
      await takeAttempt(db, config.RATE_LIMIT_WINDOW_SECONDS, [[`register-check:ip:${c.get("clientIp")}`, config.REGISTRATION_CHECKS_PER_IP]]);
      c.header("cache-control", "no-store");
      return c.json(issuePresenceChallenge(config) satisfies PresenceChallenge);
    },
  );

  route(
    {
      method: "GET",
      path: "/staff/register/username-exists/:value",
      summary: "Is a username taken? { exists } (limited per client address)",
      tag,
      access: publicAccess,
      params: z.object({ value: requiredText(64) }),
    },
    async (c, { params }) => {
      const { db, config } = c.get("deps");
      await takeAttempt(db, config.RATE_LIMIT_WINDOW_SECONDS, [[`register-check:ip:${c.get("clientIp")}`, config.REGISTRATION_CHECKS_PER_IP]]);
      return c.json({ exists: await isUsernameTaken(db, params.value) });
    },
  );

  route(
    {
      method: "POST",
      path: "/staff/register/email-code",
      summary:
        "E-mail a 6-digit code to the address a district registers with. Body: { email }. 201 EmailCodeSent, the same whether or not the address has an account; 429 past the limits per client address and per address",
      tag,
      access: publicAccess,
      body: emailCodeRequestSchema,
    },
    async (c, { body }) => {
      const { db, config, mailer } = c.get("deps");
      const email = body.email.toLowerCase();
      await takeAttempt(db, config.RATE_LIMIT_WINDOW_SECONDS, [
        [`register:ip:${c.get("clientIp")}`, config.REGISTRATION_LIMIT_PER_IP],
        [`register:email:${hashToken(email)}`, config.REGISTRATION_LIMIT_PER_EMAIL],
      ]);
      const { id } = await db.transaction(async (tx) => {
        const issued = await issueCode(tx, config, { staffId: null, purpose: "registration", newEmail: email });
        await mailer.enqueue(
          tx,
          codeMail(config, {
            to: body.email,
            subject: "Your registration code",
            lead: "The code that confirms this address for your district's registration is",
            code: issued.code,
            purpose: "registration",
          }),
        );
        return issued;
      });
      mailer.nudge();
      return c.json({ verificationId: id, email: body.email, message: registrationMessages.codeSent } satisfies EmailCodeSent, 201);
    },
  );

  route(
    {
      method: "POST",
      path: "/staff/register/verify-email",
      summary:
        "Check the e-mailed code: { verificationId, code }. EmailVerified, saying whether the address already has an account (the phone is not told: it is checked at review); 400 for a wrong, expired or used code (a few tries per code). A verification serves one registration attempt",
      tag,
      access: publicAccess,
      body: verifyEmailSchema,
    },
    async (c, { body }) => {
      const { db, config } = c.get("deps");
      const attempt = await checkCode(db, config, body.verificationId, ["registration"], body.code);
      const email = attempt?.newEmail;
      if (!attempt || !email || !(await db.transaction((tx) => useCode(tx, attempt.id)))) throw new AppError("bad_request", registrationMessages.codeInvalid);
      return c.json({ verified: true, emailTaken: await isEmailTaken(db, email), message: registrationMessages.verified } satisfies EmailVerified);
    },
  );
}
