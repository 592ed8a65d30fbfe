import { fieldMessages } from "../../../lib/contract/messages";
import { emailCodeSchema, staffMessages as m } from "../../../lib/contract/staff";
import { checkCode, codeMail, issueCode, latestCodeId, useCode } from "../../auth/one-time-code";
import { verifyPassword } from "../../auth/password";
import { takeAttempt } from "../../auth/rate-limit";
import type { ServiceConfig } from "../../config";
import type { Db } from "../../db/client";
import { staff } from "../../db/schema";
import { updateVersioned } from "../../db/versioned";
import { signedIn } from "../../http/access";
import type { Api } from "../../http/api";
import type { Deps } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { isEmailTaken } from "./identity";
import { auditView, findStaff, staffProfile, type StaffRow } from "./queries";

/**
 * One's own e-mail and phone number are how an account is recovered, so changing them takes the
 * current password (counted like sign-in tries), a new e-mail takes effect only with the code sent
 * to it, and the address on file is told of every change.
 */
export async function assertCurrentPassword(db: Db, config: ServiceConfig, row: StaffRow, given: string | undefined) {
  const refuse = (message: string) => new AppError("bad_request", message, [{ path: "currentPassword", message }]);
  if (!given) throw refuse(m.currentPasswordRequired);
  const refund = await takeAttempt(db, config.RATE_LIMIT_WINDOW_SECONDS, [[`password-check:${row.id}`, config.LOGIN_LIMIT_PER_ACCOUNT]]);
  if (!(await verifyPassword(row.passwordHash, given))) throw refuse(m.currentPasswordWrong);
  await refund();
}

/** Sends a code to the new address; the e-mail on file stays until the code comes back. */
export async function requestEmailChange({ db, config, mailer }: Deps, row: StaffRow, newEmail: string) {
  await db.transaction(async (tx) => {
    const { code } = await issueCode(tx, config, { staffId: row.id, purpose: "email-change", newEmail });
    await mailer.enqueue(
      tx,
      codeMail(config, {
        to: newEmail,
        subject: "Confirm your new e-mail address",
        lead: "Your code to confirm this e-mail address for your portal account is",
        code,
      }),
    );
  });
  mailer.nudge();
}

/** Tells the address on file what changed, so a change the owner did not make does not go unnoticed. */
export async function tellOfChange({ db, mailer }: Deps, to: string, what: string) {
  await mailer.send(db, {
    to,
    subject: "Your portal account was changed",
    body: `${what}\n\nIf you did not make this change, sign in and change your password, or contact your district's administrator.`,
  });
}

/**
 * After someone else's change of a staff member's contact details (the edit form, a spreadsheet's update):
 * the old address is told of a new e-mail (`newEmail`), and the account of a new phone number.
 */
export async function tellOfContactChange(deps: Deps, before: StaffRow, after: StaffRow, newEmail: string | undefined) {
  if (newEmail) await tellOfChange(deps, before.email, `The e-mail address of your portal account was changed to ${newEmail}.`);
  if (after.phoneCode !== before.phoneCode || after.phoneNumber !== before.phoneNumber)
    await tellOfChange(deps, after.email, `The phone number of your portal account was changed to ${after.phoneCode} ${after.phoneNumber}.`);
}

export function contactChangeRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/staff/confirm-email-change",
      summary:
        "Confirm one's own new e-mail address with the code sent to it (after PATCH /staff/update answered pendingEmail). Body: { code }. { staff, message }; 400 when the code is wrong, used or expired; 409 when the address was taken meanwhile",
      tag: "Staff",
      access: signedIn,
      shell: true,
      body: emailCodeSchema,
    },
    async (c, { body }) => {
      const deps = c.get("deps");
      const { db, config } = deps;
      const scope = c.get("scope");
      const actor = c.get("actor");
      const invalid = () => new AppError("bad_request", m.emailCodeInvalid);
      const latest = await latestCodeId(db, actor.staffId, ["email-change"]);
      const checked = latest ? await checkCode(db, config, latest.id, ["email-change"], body.code) : undefined;
      if (!checked?.newEmail || checked.staffId !== actor.staffId) throw invalid();
      const newEmail = checked.newEmail;
      const { before, after } = await db.transaction(async (tx) => {
        if (!(await useCode(tx, checked.id))) throw invalid();
        const current = await findStaff(tx, scope, actor.staffId);
        if (!current) throw notFound();
        if (await isEmailTaken(tx, newEmail, current.id)) throw new AppError("conflict", fieldMessages.emailTaken);
        const updated = await updateVersioned(tx, scope, actor, staff, current, {
          version: current.version,
          set: { email: newEmail },
          operation: "staff.update",
          stale: m.stale,
          view: auditView,
        });
        return { before: current, after: updated };
      });
      await tellOfChange(deps, before.email, `The e-mail address of your portal account was changed to ${newEmail}.`);
      return c.json({ staff: await staffProfile(db, scope, after), message: m.emailChanged });
    },
  );
}
