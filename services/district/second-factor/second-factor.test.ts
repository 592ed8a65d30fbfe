import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import { secondFactorMessages, type EnrolmentStart, type SecondFactorStatus, type SecondStep } from "../../../lib/contract/second-factor";
import type { AuthResult } from "../../../lib/contract/user";
import { totpCode } from "../../auth/totp";
import { demoPasswords, demoSecondFactorSecret } from "../../db/demo-data";
import { rateLimit, staffSecondFactor } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, staffRow } from "../../test/helpers";

const superAdmin = { identifier: "superadmin@example.org", password: demoPasswords.superAdmin };
const owner = { identifier: "admin.ed1@example.org", password: demoPasswords.admin };
const teacher = { identifier: "chiamaka.nwosu@example.org", password: demoPasswords.staff };

describe("two-step sign-in", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const firstStep = async (account: { identifier: string; password: string }) => expectOk<SecondStep>(await api.call("POST", "/auth/login", { body: account }));
  const secondStep = (challenge: string, code: string) => api.call("POST", "/auth/second-factor", { body: { challenge, code } });

  it("asks an enrolled account for a code before any token, and signs in with the app's code", async () => {
    const step = await firstStep(superAdmin);
    expect(step.secondFactor).toBe("code");
    expect(step).not.toHaveProperty("authorizationToken");
    // The challenge is no access token.
    await expectError(await api.call("GET", "/auth/me", { token: step.challenge }), 401, authMessages.notSignedIn);
    const signedIn = await expectOk<AuthResult>(await secondStep(step.challenge, totpCode(demoSecondFactorSecret)));
    expect(signedIn.staff.isSuperAdmin).toBe(true);
    await expectOk(await api.call("GET", "/auth/me", { token: signedIn.authorizationToken }));
    // A code sent with the password signs in at once (scripts, API clients).
    await expectOk<AuthResult>(await api.call("POST", "/auth/login", { body: { ...owner, code: totpCode(demoSecondFactorSecret) } }));
    // A challenge of another kind or a forged one is refused.
    await expectError(await secondStep(`${step.challenge}x`, totpCode(demoSecondFactorSecret)), 401, secondFactorMessages.signInExpired);
  });

  it("refuses a wrong code", async () => {
    const step = await firstStep(owner);
    const wrong = totpCode(demoSecondFactorSecret, Date.now() + 10 * 60_000);
    await expectError(await secondStep(step.challenge, wrong), 400, secondFactorMessages.wrongCode);
    await expectError(await api.call("POST", "/auth/login", { body: { ...owner, code: wrong } }), 400, secondFactorMessages.wrongCode);
  });

  it("enrols a super administrator who has none at sign-in, and nothing else is reached until then", async () => {
    const before = await api.loginSuperAdmin();
    const admin = await staffRow(api, superAdmin.identifier);
    await api.db.delete(staffSecondFactor).where(eq(staffSecondFactor.staffId, admin.id));
    // A session begun before ends at its next call: they must sign in again and enrol.
    await expectError(await api.call("GET", "/auth/me", { token: before.authorizationToken }), 452, secondFactorMessages.mustEnrol);
    await expectError(await api.call("GET", `/district/view/${admin.districtId}`, { token: before.authorizationToken }), 452, authMessages.sessionExpired);

    const step = await firstStep(superAdmin);
    expect(step.secondFactor).toBe("enrol");
    expect(step).not.toHaveProperty("authorizationToken");
    await expectError(await secondStep(step.challenge, totpCode(demoSecondFactorSecret)), 401, secondFactorMessages.signInExpired);
    const enrolment = await expectOk<EnrolmentStart>(await api.call("POST", "/auth/second-factor/enrolment", { body: { challenge: step.challenge } }));
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(enrolment.qrSvg).toMatch(/^<svg/);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const confirm = (code: string) => api.call("POST", "/auth/second-factor/enrolment/confirm", { body: { challenge: step.challenge, code } });
    await expectError(await confirm(totpCode(enrolment.secret, Date.now() + 10 * 60_000)), 400, secondFactorMessages.wrongCode);
    const done = await expectOk<AuthResult & { recoveryCodes: string[] }>(await confirm(totpCode(enrolment.secret)));
    expect(done.recoveryCodes).toHaveLength(10);
    expect(new Set(done.recoveryCodes).size).toBe(10);
    await expectOk(await api.call("GET", "/auth/me", { token: done.authorizationToken }));

    // A recovery code signs in once.
    const [recovery = ""] = done.recoveryCodes;
    const next = await firstStep(superAdmin);
    expect(next.secondFactor).toBe("code");
    await expectOk<AuthResult>(await secondStep(next.challenge, recovery.toUpperCase()));
    await expectError(await secondStep((await firstStep(superAdmin)).challenge, recovery), 400, secondFactorMessages.wrongCode);
    const status = await expectOk<SecondFactorStatus>(await api.call("GET", "/profile/second-factor", { token: done.authorizationToken }));
    expect(status).toEqual({ enabled: true, required: true, recoveryCodesLeft: 9 });
    // Put back as the seed had it, for the tests after this one.
    await api.db.update(staffSecondFactor).set({ secret: demoSecondFactorSecret }).where(eq(staffSecondFactor.staffId, admin.id));
  });

  it("lets a super administrator reset another's second factor, audited; the owner enrols again at sign-in", async () => {
    const ownerRow = await staffRow(api, owner.identifier);
    const ownerSession = await api.loginAdmin(1);
    await expectError(
      await api.call("POST", `/staff/${ownerRow.id}/second-factor/reset`, { token: ownerSession.authorizationToken }),
      403,
      authMessages.forbidden,
    );
    const admin = await api.loginSuperAdmin();
    expect(await expectOk(await api.call("POST", `/staff/${ownerRow.id}/second-factor/reset`, { token: admin.authorizationToken }))).toEqual({
      message: secondFactorMessages.reset,
    });
    const entries = await auditOf(api, ownerRow.id);
    expect(entries.at(-1)).toMatchObject({ operation: "staff.second-factor-reset", actorStaffId: admin.staff.id, after: { twoStepSignIn: false } });
    await expectError(await api.call("GET", "/auth/me", { token: ownerSession.authorizationToken }), 452, authMessages.sessionExpired);
    expect((await firstStep(owner)).secondFactor).toBe("enrol");
    await expectError(
      await api.call("POST", `/staff/${ownerRow.id}/second-factor/reset`, { token: admin.authorizationToken }),
      409,
      secondFactorMessages.notOn,
    );
  });

  it("is offered to every staff member from the profile: on with the app's code, off with a code; owners cannot turn it off", async () => {
    const me = await api.login(teacher.identifier, teacher.password);
    const token = me.authorizationToken;
    expect(await expectOk<SecondFactorStatus>(await api.call("GET", "/profile/second-factor", { token }))).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const enrolment = await expectOk<EnrolmentStart>(await api.call("POST", "/profile/second-factor/enrolment", { token }));
    const { recoveryCodes } = await expectOk<{ recoveryCodes: string[] }>(
      await api.call("POST", "/profile/second-factor/enrolment/confirm", { token, body: { code: totpCode(enrolment.secret) } }),
    );
    expect(recoveryCodes).toHaveLength(10);
    await expectError(await api.call("POST", "/profile/second-factor/enrolment", { token }), 409, secondFactorMessages.alreadyOn);
    expect((await firstStep(teacher)).secondFactor).toBe("code");
    await expectOk(await api.call("POST", "/profile/second-factor/off", { token, body: { code: totpCode(enrolment.secret) } }));
    expect(await expectOk<AuthResult>(await api.call("POST", "/auth/login", { body: teacher }))).toHaveProperty("authorizationToken");

    const admin2 = await api.loginAdmin(2);
    await expectError(
      await api.call("POST", "/profile/second-factor/off", { token: admin2.authorizationToken, body: { code: totpCode(demoSecondFactorSecret) } }),
      409,
      secondFactorMessages.required,
    );
  });
});

describe("two-step sign-in's limits", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ LOGIN_LIMIT_PER_ACCOUNT: 3 });
  });
  afterAll(() => api.close());

  it("counts wrong codes per account like wrong passwords, and refuses even the right code past the limit", async () => {
    const admin = await staffRow(api, superAdmin.identifier);
    const wrong = totpCode(demoSecondFactorSecret, Date.now() + 10 * 60_000);
    for (let i = 0; i < 3; i++) {
      const step = await expectOk<SecondStep>(await api.call("POST", "/auth/login", { body: superAdmin }));
      await expectError(
        await api.call("POST", "/auth/second-factor", { body: { challenge: step.challenge, code: wrong } }),
        400,
        secondFactorMessages.wrongCode,
      );
    }
    const [counted] = await api.db
      .select()
      .from(rateLimit)
      .where(and(like(rateLimit.key, "second-factor:account:%"), eq(rateLimit.key, `second-factor:account:${admin.id}`)));
    expect(counted?.count).toBe(3);
    const step = await expectOk<SecondStep>(await api.call("POST", "/auth/login", { body: superAdmin }));
    const locked = await expectError(
      await api.call("POST", "/auth/second-factor", { body: { challenge: step.challenge, code: totpCode(demoSecondFactorSecret) } }),
      429,
      authMessages.tooManyAttempts,
    );
    expect(locked.code).toBe("rate_limited");
  });
});
