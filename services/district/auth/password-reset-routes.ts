import { and, asc, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { resetPasswordSchema } from "../../../lib/contract/auth";
import { emailField } from "../../../lib/contract/fields";
import { authMessages, successNotices } from "../../../lib/contract/messages";
import { recordAudit } from "../../db/audit";
import { notify } from "../../db/notify";
import type { Db } from "../../db/client";
import { auditLog, staff } from "../../db/schema";
import type { Deps } from "../../http/context";
import { checkCode, codeMail, codeOwner, issueCode, latestCodeId, useCode } from "../../auth/one-time-code";
import { hashPassword } from "../../auth/password";
import { daily, takeAttempt } from "../../auth/rate-limit";
import { revokeAllSessions } from "../../auth/sessions";
import { hashToken } from "../../auth/tokens";
import { publicAccess } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError } from "../../http/errors";
import { systemScope, within } from "../../db/scope";

/** Crosses districts by design: password reset finds the account by e-mail. */
const system = systemScope("password reset finds the account by e-mail");

const invalidCode = () => new AppError("bad_request", authMessages.invalidResetCode);
const paused = () => new AppError("rate_limited", authMessages.resetPausedForToday);

/** Told once, when a daily cap is reached: someone may be trying to get in; the password still works. */
async function tellPaused({ db, mailer }: Deps, to: string) {
  await mailer.send(db, {
    to,
    subject: "Password reset paused for today",
    body:
      "Password reset for your portal account is paused until tomorrow: too many reset codes were asked for, or too many wrong codes were tried.\n\n" +
      "Signing in with your password still works. If this was not you, someone may be trying to get into your account: sign in and change your password.",
  });
}

async function emailOf(db: Db, staffId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: staff.email })
    .from(staff)
    .where(and(eq(staff.id, staffId), within(system, staff)));
  return row?.email;
}

/** The newest unused reset or invitation code of the account with this e-mail, if any. */
async function codeIdFor(db: Db, email: string): Promise<string | undefined> {
  const [found] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(sql`lower(${staff.email})`, email.toLowerCase()), within(system, staff)));
  return found ? (await latestCodeId(db, found.id, ["password-reset", "invitation"]))?.id : undefined;
}

/** Who added a staff member (their `staff.create` entry's author), if anyone did. */
async function inviterOf(tx: Pick<Db, "select">, staffId: string, districtId: string): Promise<string | null> {
  const [row] = await tx
    .select({ actor: auditLog.actorStaffId })
    .from(auditLog)
    .where(and(eq(auditLog.districtId, districtId), eq(auditLog.recordId, staffId), eq(auditLog.operation, "staff.create"), within(system, auditLog)))
    .orderBy(asc(auditLog.at))
    .limit(1);
  return row?.actor ?? null;
}

export function passwordResetRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/reset-code/:value",
      summary: "E-mail a 6-digit reset code; answers the same whether or not the account exists",
      tag: "Auth",
      access: publicAccess,
      params: z.object({ value: emailField }),
    },
    async (c, { params }) => {
      const { db, config, mailer } = c.get("deps");
      const email = params.value.toLowerCase();
      const ipKey = `reset:ip:${c.get("clientIp")}`;
      const accountKey = `reset:account:${hashToken(email)}`;
      const window = config.RATE_LIMIT_WINDOW_SECONDS;
      await takeAttempt(db, window, [
        [ipKey, config.RESET_LIMIT_PER_IP],
        [accountKey, config.RESET_LIMIT_PER_ACCOUNT],
      ]);

      const [found] = await db
        .select({ id: staff.id, status: staff.accountStatus })
        .from(staff)
        .where(and(eq(sql`lower(${staff.email})`, email), within(system, staff)));
      const owner = found && found.status !== "Suspended" ? found : undefined;
      // The daily cap counts unknown addresses too, so the answer does not tell whether an account exists.
      const sentToday = await daily.hit(db, `reset-daily:account:${hashToken(email)}`);
      if (sentToday > config.RESET_CODES_PER_DAY) {
        if (sentToday === config.RESET_CODES_PER_DAY + 1 && owner) await tellPaused(c.get("deps"), params.value);
        throw paused();
      }
      // The code and its mail in one transaction: the mail goes out once it commits (the outbox).
      const { id } = await db.transaction(async (tx) => {
        const issued = await issueCode(tx, config, { staffId: owner?.id ?? null, purpose: "password-reset" });
        if (owner)
          await mailer.enqueue(
            tx,
            codeMail(config, { to: params.value, subject: "Your password reset code", lead: "Your password reset code is", code: issued.code }),
          );
        return issued;
      });
      mailer.nudge();
      return c.json({ id, email: params.value, message: successNotices.resetCodeSent });
    },
  );

  route(
    {
      method: "PATCH",
      path: "/staff/reset-password",
      summary: "Set a new password with a reset code",
      tag: "Auth",
      access: publicAccess,
      body: resetPasswordSchema,
    },
    async (c, { body }) => {
      const { db, config } = c.get("deps");
      const codeId = body.resetCodeId ?? (await codeIdFor(db, body.email ?? ""));
      const owner = codeId ? await codeOwner(db, codeId) : null;
      const wrongKey = owner && `reset-wrong:${owner}`;
      if (wrongKey && (await daily.peek(db, wrongKey)) >= config.RESET_WRONG_TRIES_PER_DAY) throw paused();
      const attempt = codeId ? await checkCode(db, config, codeId, ["password-reset", "invitation"], body.code) : undefined;
      if (!attempt?.staffId) {
        if (wrongKey && owner && (await daily.hit(db, wrongKey)) === config.RESET_WRONG_TRIES_PER_DAY) {
          const to = await emailOf(db, owner);
          if (to) await tellPaused(c.get("deps"), to);
        }
        throw invalidCode();
      }
      const staffId = attempt.staffId;
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        if (!(await useCode(tx, attempt.id))) throw invalidCode(); // a parallel request used it first
        const [current] = await tx
          .select({ status: staff.accountStatus, districtId: staff.districtId, firstName: staff.firstName, lastName: staff.lastName })
          .from(staff)
          .where(and(eq(staff.id, staffId), within(system, staff)));
        if (!current) throw invalidCode();
        const accountStatus = current.status === "ResetPassword" ? "Active" : current.status;
        await tx
          .update(staff)
          .set({ passwordHash, accountStatus, updatedAt: new Date(), version: sql`${staff.version} + 1` })
          .where(and(eq(staff.id, staffId), within(system, staff)));
        // The staff member acted on their own record; the trail keeps the status, never the password or its hash.
        const record = { id: staffId, districtId: current.districtId };
        await recordAudit(tx, { staffId }, "staff.password-reset", record, { accountStatus: current.status }, { accountStatus });
        // A first password set with the invitation's code: whoever added them hears that they accepted.
        if (current.status === "ResetPassword") {
          const inviter = await inviterOf(tx, staffId, current.districtId);
          if (inviter && inviter !== staffId)
            await notify(tx, [inviter], { kind: "invitation.accepted", staffId, name: `${current.firstName} ${current.lastName}` });
        }
      });
      await revokeAllSessions(db, staffId);
      return c.json({ message: successNotices.passwordUpdated });
    },
  );
}
