import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, fieldMessages, formInvalidMessage, successNotices } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { hashToken } from "../../auth/tokens";
import { demoPasswords } from "../../db/demo-data";
import { outbox, refreshToken, resetCode, staff } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, keysOf, staffRow } from "../../test/helpers";

const newPassword = "Fresh#Start2026";
type CodeResponse = { id: string; email: string; message: string };

describe("password reset", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ RESET_LIMIT_PER_ACCOUNT: 3, RESET_LIMIT_PER_IP: 1000, RESET_CODE_MAX_ATTEMPTS: 5 });
  });
  afterAll(() => api.close());

  const requestCode = async (email: string) => expectOk<CodeResponse>(await api.call("POST", `/reset-code/${encodeURIComponent(email)}`));
  const mailsTo = async (email: string) => {
    await api.mailer.flush();
    return api.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt));
  };
  /** Requests a code and reads it from the newest e-mail to that address. */
  const codeFor = async (email: string) => {
    const response = await requestCode(email);
    const [mail] = await mailsTo(email);
    const code = /\b(\d{6})\b/.exec(mail?.body ?? "")?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return { id: response.id, code };
  };
  const reset = (body: { resetCodeId: string; code: string; password: string }) => api.call("PATCH", "/staff/reset-password", { body });
  const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");
  /** The staff member's password-reset entries, each checked to hold neither the password nor its hash, by key or by value. */
  const resetEntries = async (email: string) => {
    const row = await staffRow(api, email);
    const entries = (await auditOf(api, row.id)).filter((e) => e.operation === "staff.password-reset");
    for (const entry of entries) {
      expect(keysOf(entry).filter((key) => /password|hash/i.test(key))).toEqual([]);
      expect(JSON.stringify(entry)).not.toContain(newPassword);
      expect(JSON.stringify(entry)).not.toContain(row.passwordHash ?? "no hash");
    }
    return entries.map((e) => ({ actorStaffId: e.actorStaffId, recordId: e.recordId, districtId: e.districtId, before: e.before, after: e.after }));
  };

  describe("POST /reset-code/{email}", () => {
    it("mails a 6-digit code to a known address and stores only its hash", async () => {
      const email = "babatunde.adeyemi@example.org";
      const response = await requestCode(email);
      expect(response).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), email, message: successNotices.resetCodeSent });
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      const code = /\b(\d{6})\b/.exec(mails[0]?.body ?? "")?.[1];
      expect(code).toMatch(/^\d{6}$/);

      const [row] = await api.db.select().from(resetCode).where(eq(resetCode.id, response.id));
      expect(row?.staffId).toBe((await staffRow(api, email)).id);
      expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.codeHash).not.toContain(code ?? "missing");
      expect(row?.attempts).toBe(0);
      expect(row?.usedAt).toBeNull();
      const ttl = (row?.expiresAt.getTime() ?? 0) - Date.now();
      expect(ttl).toBeGreaterThan(9 * 60_000);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    });

    it("answers an unknown address exactly like a known one, and mails nothing", async () => {
      const email = "nobody.here@example.org";
      const response = await requestCode(email);
      expect(response).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), email, message: successNotices.resetCodeSent });
      expect(await mailsTo(email)).toEqual([]);
      // Its id cannot be used to set any password.
      await expectError(await reset({ resetCodeId: response.id, code: "123456", password: newPassword }), 400, authMessages.invalidResetCode);
    });

    it("mails nothing to a suspended staff member", async () => {
      const email = "ngozi.obi@example.org";
      await api.db.update(staff).set({ accountStatus: "Suspended" }).where(eq(staff.email, email));
      await requestCode(email);
      expect(await mailsTo(email)).toEqual([]);
    });

    it("refuses an invalid e-mail address with 400", async () => {
      const body = await expectError(await api.call("POST", "/reset-code/not-an-email"), 400, formInvalidMessage);
      expect(body.issues).toEqual([{ path: "value", message: fieldMessages.emailInvalid }]);
    });

    it("limits code requests per account with 429", async () => {
      const email = "tunde.bakare@example.org";
      for (let i = 0; i < 3; i++) await requestCode(i === 1 ? email.toUpperCase() : email);
      await expectError(await api.call("POST", `/reset-code/${email}`), 429, authMessages.tooManyAttempts);
      // The code goes to the address as typed; all three requests were counted against the one account.
      expect([...(await mailsTo(email)), ...(await mailsTo(email.toUpperCase()))]).toHaveLength(3);
    });

    it("cannot be outrun by parallel requests for one account", async () => {
      const email = "zainab.umar@example.org";
      const responses = await Promise.all(Array.from({ length: 6 }, () => api.call("POST", `/reset-code/${email}`)));
      expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
      expect(await mailsTo(email)).toHaveLength(3);
    });
  });

  describe("PATCH /staff/reset-password", () => {
    it("sets the new password with the right code, once, and ends every session", async () => {
      const email = "chiamaka.nwosu@example.org";
      const session = await api.login(email, demoPasswords.staff);
      const { id, code } = await codeFor(email);

      await expectError(await reset({ resetCodeId: id, code: wrongCode(code), password: newPassword }), 400, authMessages.invalidResetCode);
      const weak = await expectError(await reset({ resetCodeId: id, code, password: "weakpass" }), 400, formInvalidMessage);
      expect(weak.issues).toEqual([{ path: "password", message: fieldMessages.passwordRule }]);

      const done = await expectOk<{ message: string }>(await reset({ resetCodeId: id, code, password: newPassword }));
      expect(done.message).toBe(successNotices.passwordUpdated);

      const [stored] = await api.db
        .select()
        .from(refreshToken)
        .where(eq(refreshToken.tokenHash, hashToken(session.refreshToken)));
      expect(stored?.revokedAt).toBeInstanceOf(Date);
      await expectError(await api.call("POST", "/token/refresh-token", { body: { refreshToken: session.refreshToken } }), 452, authMessages.sessionExpired);
      await expectError(await api.call("GET", "/auth/me", { token: session.authorizationToken }), 452, authMessages.sessionExpired);
      const [used] = await api.db.select().from(resetCode).where(eq(resetCode.id, id));
      expect(used?.usedAt).toBeInstanceOf(Date);

      await expectError(
        await api.call("POST", "/auth/login", { body: { identifier: email, password: demoPasswords.staff } }),
        401,
        authMessages.invalidCredentials,
      );
      const signedIn = await api.login(email, newPassword);
      expect(signedIn.staff.email).toBe(email);

      await expectError(await reset({ resetCodeId: id, code, password: "Another#Pass2026" }), 400, authMessages.invalidResetCode);
      await api.login(email, newPassword);

      // One entry, for the reset that happened (not the refused tries), by the staff member on their own record.
      const { id: staffId, districtId } = await staffRow(api, email);
      expect(await resetEntries(email)).toEqual([
        { actorStaffId: staffId, recordId: staffId, districtId, before: { accountStatus: "Active" }, after: { accountStatus: "Active" } },
      ]);
    });

    it("refuses the right code after RESET_CODE_MAX_ATTEMPTS wrong tries", async () => {
      const email = "ibrahim.bello@example.org";
      const { id, code } = await codeFor(email);
      for (let i = 0; i < 5; i++) {
        await expectError(await reset({ resetCodeId: id, code: wrongCode(code), password: newPassword }), 400, authMessages.invalidResetCode);
      }
      await expectError(await reset({ resetCodeId: id, code, password: newPassword }), 400, authMessages.invalidResetCode);
      const [row] = await api.db.select().from(resetCode).where(eq(resetCode.id, id));
      expect(row?.attempts).toBe(5);
      await api.login(email, demoPasswords.staff);
    });

    it("refuses an expired code", async () => {
      const email = "funmilayo.ogunleye@example.org";
      const { id, code } = await codeFor(email);
      await api.db
        .update(resetCode)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(resetCode.id, id));
      await expectError(await reset({ resetCodeId: id, code, password: newPassword }), 400, authMessages.invalidResetCode);
      await api.login(email, demoPasswords.staff);
    });

    it("invalidates the previous code when a new one is requested", async () => {
      const email = "emeka.eze@example.org";
      const first = await codeFor(email);
      const second = await codeFor(email);
      expect(second.id).not.toBe(first.id);
      await expectError(await reset({ resetCodeId: first.id, code: first.code, password: newPassword }), 400, authMessages.invalidResetCode);
      await expectOk(await reset({ resetCodeId: second.id, code: second.code, password: newPassword }));
      await api.login(email, newPassword);
    });

    it("activates a ResetPassword staff member", async () => {
      const email = "halima.sani@example.org";
      await api.db.update(staff).set({ accountStatus: "ResetPassword" }).where(eq(staff.email, email));
      await expectError(
        await api.call("POST", "/auth/login", { body: { identifier: email, password: demoPasswords.staff } }),
        403,
        authMessages.mustResetPassword,
      );
      const before = await staffRow(api, email);
      const { id, code } = await codeFor(email);
      await expectOk(await reset({ resetCodeId: id, code, password: newPassword }));
      const after = await staffRow(api, email);
      expect(after.accountStatus).toBe("Active");
      expect(after.version).toBe(before.version + 1);
      const signedIn: AuthResult = await api.login(email, newPassword);
      expect(signedIn.staff.accountStatus).toBe("Active");
      expect(await resetEntries(email)).toEqual([
        {
          actorStaffId: after.id,
          recordId: after.id,
          districtId: after.districtId,
          before: { accountStatus: "ResetPassword" },
          after: { accountStatus: "Active" },
        },
      ]);
    });

    it("refuses malformed input with the field messages", async () => {
      const body = await expectError(await reset({ resetCodeId: "nope", code: "12ab", password: "" }), 400, formInvalidMessage);
      expect(body.issues).toEqual(
        expect.arrayContaining([
          { path: "resetCodeId", message: "Request a new reset code." },
          { path: "code", message: "Enter the 6-digit code." },
          { path: "password", message: fieldMessages.passwordRequired },
        ]),
      );
      const unknownId = crypto.randomUUID();
      await expectError(await reset({ resetCodeId: unknownId, code: "123456", password: newPassword }), 400, authMessages.invalidResetCode);
      expect(await api.db.select().from(resetCode).where(eq(resetCode.id, unknownId))).toEqual([]);
    });
  });
});
