import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { resetPasswordSchema } from "../../../lib/contract/auth";
import { emailField } from "../../../lib/contract/fields";
import { authMessages, successNotices } from "../../../lib/contract/messages";
import type { ServiceConfig } from "../../config";
import { resetCode, staff } from "../../db/schema";
import { hashPassword } from "../../auth/password";
import { takeAttempt } from "../../auth/rate-limit";
import { revokeAllSessions } from "../../auth/sessions";
import { hashToken } from "../../auth/tokens";
import { publicAccess } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError } from "../../http/errors";
import { systemScope, within } from "../../db/scope";

/** Crosses districts by design: password reset finds the account by e-mail. */
const system = systemScope("password reset finds the account by e-mail");

/** Keyed with a server secret: six digits are too few to survive a leaked table hashed any other way. */
const codeHash = (config: ServiceConfig, id: string, code: string) =>
  createHmac("sha256", `${config.JWT_SECRET}:reset-code`).update(`${id}:${code}`).digest("hex");

const invalidCode = () => new AppError("bad_request", authMessages.invalidResetCode);

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
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const expiresAt = new Date(Date.now() + config.RESET_CODE_TTL_SECONDS * 1000);
      // A row is written for unknown addresses too, so the answer and its id look the same either way.
      const row = await db.transaction(async (tx) => {
        if (owner)
          await tx
            .update(resetCode)
            .set({ usedAt: new Date() })
            .where(and(eq(resetCode.staffId, owner.id), isNull(resetCode.usedAt)));
        const [inserted] = await tx
          .insert(resetCode)
          .values({ staffId: owner?.id ?? null, codeHash: "", expiresAt })
          .returning({ id: resetCode.id });
        if (!inserted) throw new Error("reset code insert returned nothing");
        await tx
          .update(resetCode)
          .set({ codeHash: codeHash(config, inserted.id, code) })
          .where(eq(resetCode.id, inserted.id));
        return inserted;
      });
      if (owner) {
        const minutes = Math.round(config.RESET_CODE_TTL_SECONDS / 60);
        mailer.send(db, {
          to: params.value,
          subject: "Your password reset code",
          body: `Your password reset code is ${code}.\n\nIt expires in ${minutes} minutes and can be used once. If you did not ask for it, you can ignore this e-mail.`,
        });
      }
      return c.json({ id: row.id, email: params.value, message: successNotices.resetCodeSent });
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
      // Count the try before checking it, atomically, so parallel guesses cannot exceed the limit.
      const [attempt] = await db
        .update(resetCode)
        .set({ attempts: sql`${resetCode.attempts} + 1` })
        .where(and(eq(resetCode.id, body.resetCodeId), isNull(resetCode.usedAt), lt(resetCode.attempts, config.RESET_CODE_MAX_ATTEMPTS)))
        .returning();
      if (!attempt || !attempt.staffId || attempt.expiresAt.getTime() < Date.now()) throw invalidCode();
      const expected = Buffer.from(attempt.codeHash, "hex");
      const given = Buffer.from(codeHash(config, attempt.id, body.code), "hex");
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidCode();

      const staffId = attempt.staffId;
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const used = await tx
          .update(resetCode)
          .set({ usedAt: new Date() })
          .where(and(eq(resetCode.id, attempt.id), isNull(resetCode.usedAt)))
          .returning({ id: resetCode.id });
        if (used.length === 0) throw invalidCode(); // a parallel request used it first
        const [current] = await tx
          .select({ status: staff.accountStatus })
          .from(staff)
          .where(and(eq(staff.id, staffId), within(system, staff)));
        await tx
          .update(staff)
          .set({
            passwordHash,
            accountStatus: current?.status === "ResetPassword" ? "Active" : current?.status,
            updatedAt: new Date(),
            version: sql`${staff.version} + 1`,
          })
          .where(and(eq(staff.id, staffId), within(system, staff)));
      });
      await revokeAllSessions(db, staffId);
      return c.json({ message: successNotices.passwordUpdated });
    },
  );
}
