import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, fieldMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { registrationMessages as m, type EmailCodeSent, type EmailVerified, type StatePortalChoices } from "../../../lib/contract/registration";
import { resetCode } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";
import { registrationCalls, validRegistration } from "./test-support";

describe("the registration page's checks: state portals, username, e-mail code, limits and rules", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ REGISTRATION_LIMIT_PER_IP: 6, REGISTRATION_LIMIT_PER_EMAIL: 3, REGISTRATION_CHECKS_PER_IP: 4, RESET_CODE_MAX_ATTEMPTS: 3 });
  });
  afterAll(() => api.close());

  it("lists the state portals a district may register under, to anyone, each with its terms for the wizard's labels (spec §1)", async () => {
    expect(await expectOk<StatePortalChoices>(await api.call("GET", "/staff/register/state-portals"))).toEqual({
      statePortals: [
        {
          id: expect.any(String),
          name: "Lagos State",
          // The demo's Lagos State renames two terms; the others keep their defaults.
          stateTerminologies: {
            district: { stateValue: "Education District", defaultValue: "District" },
            oracleNumber: { stateValue: null, defaultValue: "Oracle Number" },
            tescomNumber: { stateValue: "TESCOM Number", defaultValue: "Tescom Number" },
            subebNumber: { stateValue: null, defaultValue: "Subeb Number" },
          },
        },
      ],
    });
  });

  it("tells whether a username is taken, to anyone, a limited number of times per client address", async () => {
    const calls = registrationCalls(api, "10.9.1.1");
    const check = (value: string) => api.call("GET", `/staff/register/username-exists/${value}`, { headers: calls.headers });
    expect(await expectOk(await check("no_such_user_here"))).toEqual({ exists: false });
    const { input } = await registrationCalls(api, "10.9.1.2").register();
    expect(await expectOk(await check(input.staff.username.toUpperCase()))).toEqual({ exists: true });
    await check("another_name");
    await check("another_name");
    await expectError(await check("another_name"), 429, authMessages.tooManyAttempts);
    // Another client address still may.
    const elsewhere = registrationCalls(api, "10.9.1.3").headers;
    expect(await expectOk(await api.call("GET", "/staff/register/username-exists/another_name", { headers: elsewhere }))).toEqual({ exists: false });
  });

  it("mails a 6-digit code, stored only as a keyed hash, that verifies once; a wrong, used or expired code is refused", async () => {
    const calls = registrationCalls(api, "10.9.2.1");
    const email = "amina.verify@registering.example";
    const sent = await expectOk<EmailCodeSent>(await calls.requestCode(email), 201);
    expect(sent).toEqual({ verificationId: expect.any(String), email, message: m.codeSent });
    const code = await calls.mailedCode(email);
    const [row] = await api.db.select().from(resetCode).where(eq(resetCode.id, sent.verificationId));
    expect(row).toMatchObject({ purpose: "registration", staffId: null, newEmail: email, usedAt: null });
    expect(row?.codeHash).not.toContain(code);

    const wrong = code === "000000" ? "111111" : "000000";
    await expectError(await calls.verify({ verificationId: sent.verificationId, code: wrong }), 400, m.codeInvalid);
    const verified = await expectOk<EmailVerified>(await calls.verify({ verificationId: sent.verificationId, code }));
    expect(verified).toEqual({ verified: true, emailTaken: false, message: m.verified });
    await expectError(await calls.verify({ verificationId: sent.verificationId, code }), 400, m.codeInvalid);

    const late = await expectOk<EmailCodeSent>(await calls.requestCode("late.verify@registering.example"), 201);
    const lateCode = await calls.mailedCode("late.verify@registering.example");
    await api.db
      .update(resetCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resetCode.id, late.verificationId));
    await expectError(await calls.verify({ verificationId: late.verificationId, code: lateCode }), 400, m.codeInvalid);
    await expectError(await calls.verify({ verificationId: late.verificationId, code: "12345" }), 400, formInvalidMessage);
  });

  it("tells that the address already has an account only once the address is proven, and never whether a phone number has one", async () => {
    const calls = registrationCalls(api, "10.9.3.1");
    const email = "admin.ed1@example.org";
    const sent = await expectOk<EmailCodeSent>(await calls.requestCode(email), 201);
    // Asking for a code answers the same as for a free address: no directory of accounts.
    expect(sent).toEqual({ verificationId: expect.any(String), email, message: m.codeSent });
    const verified = await expectOk<EmailVerified>(
      await calls.verify({ verificationId: sent.verificationId, code: await calls.mailedCode(email), phoneNumber: "8031000000" }),
    );
    expect(verified).toEqual({ verified: true, emailTaken: true, message: m.verified });
  });

  it("limits e-mail codes per address and per client address", async () => {
    const calls = registrationCalls(api, "10.9.4.1");
    const email = "many.codes@registering.example";
    for (let i = 0; i < 3; i++) await expectOk(await calls.requestCode(email), 201);
    await expectError(await calls.requestCode(email), 429, authMessages.tooManyAttempts);
    // A refused request is not counted: three more reach this address's limit of six.
    for (let i = 0; i < 3; i++) await expectOk(await calls.requestCode(`other.${i}@registering.example`), 201);
    await expectError(await calls.requestCode("one.more@registering.example"), 429, authMessages.tooManyAttempts);

    // Registrations sent are limited the same way: three tries of one address, then 429 before any check.
    const sender = registrationCalls(api, "10.9.4.2");
    const input = validRegistration(await sender.stateId(), crypto.randomUUID());
    for (let i = 0; i < 3; i++) await expectError(await sender.submit(input), 400, formInvalidMessage);
    await expectError(await sender.submit(input), 429, authMessages.tooManyAttempts);
  });

  it("checks every rule of the form with the spec's messages", async () => {
    const calls = registrationCalls(api, "10.9.5.1");
    const input = validRegistration(await calls.stateId());
    const bad = {
      ...input,
      staff: {
        ...input.staff,
        username: "abc",
        password: "weakpass",
        firstName: "",
        lastName: "Ok",
        email: "not-an-email",
        phoneNumber: "123",
        stateOfOrigin: "",
      },
      district: { ...input.district, name: "", address: "", stateId: "nope" },
    };
    const refused = await expectError(await calls.submit(bad), 400, formInvalidMessage);
    expect(refused.issues).toEqual(
      expect.arrayContaining([
        { path: "staff.username", message: fieldMessages.usernameTooShort },
        { path: "staff.password", message: fieldMessages.passwordRule },
        { path: "staff.firstName", message: fieldMessages.nameRequired },
        { path: "staff.lastName", message: fieldMessages.nameTooShort },
        { path: "staff.email", message: fieldMessages.emailInvalid },
        { path: "staff.phoneNumber", message: fieldMessages.phoneDigits },
        { path: "staff.stateOfOrigin", message: fieldMessages.stateRequired },
        { path: "district.name", message: fieldMessages.nameRequired },
        { path: "district.address", message: fieldMessages.required },
        { path: "district.stateId", message: m.stateUnknown },
      ]),
    );
    const noUsername = await expectError(await calls.submit({ ...input, staff: { ...input.staff, username: "" } }), 400, formInvalidMessage);
    expect(noUsername.issues).toContainEqual({ path: "staff.username", message: fieldMessages.usernameRequired });
    await expectError(await calls.submit("{not json"), 400, authMessages.malformedJson);
    const unknownState = validRegistration(crypto.randomUUID());
    unknownState.verificationId = await calls.verifiedId(unknownState.staff.email);
    expect((await expectError(await calls.submit(unknownState), 400, formInvalidMessage)).issues).toEqual([
      { path: "district.stateId", message: m.stateUnknown },
    ]);
  });
});
