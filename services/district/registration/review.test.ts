import { desc, eq } from "drizzle-orm";
import type { NotificationPage } from "../../../lib/contract/notifications";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, districtStatusRefusal, formInvalidMessage } from "../../../lib/contract/messages";
import { registrationMessages as m, type OwnRegistration, type RegistrationQueue } from "../../../lib/contract/registration";
import { demoPasswords } from "../../db/demo-data";
import { auditLog, district, outbox } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present } from "../../test/helpers";
import { registrationCalls } from "./test-support";

describe("the state's review of registrations", () => {
  let api: TestApi;
  let superToken: string;
  beforeAll(async () => {
    api = await createTestApi({ REGISTRATION_LIMIT_PER_IP: 1000, REGISTRATION_LIMIT_PER_EMAIL: 1000 });
    superToken = (await api.loginSuperAdmin()).authorizationToken;
  });
  afterAll(() => api.close());

  const queue = async (status = "AwaitingReview") =>
    (await expectOk<RegistrationQueue>(await api.call("GET", `/super-admin/registrations?status=${status}`, { token: superToken }))).registrations;
  const lastMailTo = async (to: string) => {
    await api.mailer.flush();
    const [mail] = await api.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1);
    return mail;
  };
  /** What the registrant's bell holds, newest first. */
  const bellOf = async (token: string) =>
    (await expectOk<NotificationPage>(await api.call("GET", "/notifications", { token }))).notifications.map((n) => n.data);
  const statusOf = async (id: string) => (await api.db.select({ s: district.accountStatus }).from(district).where(eq(district.id, id)))[0]?.s;

  it("queues a registration with everything entered; approval makes the district Active, tells the registrant, and opens the portal", async () => {
    const { input, result } = await registrationCalls(api).register();
    const districtId = result.staff.district.id;
    const item = present((await queue()).find((r) => r.district.id === districtId));
    expect(item).toMatchObject({
      status: "AwaitingReview",
      reason: null,
      district: {
        name: input.district.name,
        address: input.district.address,
        phoneNumbers: input.district.phoneNumbers,
        // The reviewer's labels follow the state's terms (spec §1): Lagos State's staff number is its TESCOM Number.
        state: {
          name: "Lagos State",
          stateTerminologies: {
            district: { stateValue: "Education District", defaultValue: "District" },
            tescomNumber: { stateValue: "TESCOM Number", defaultValue: "Tescom Number" },
          },
        },
      },
      registrant: { email: input.staff.email, username: input.staff.username, oracleNumber: input.staff.oracleNumber, phone: `+234${input.staff.phoneNumber}` },
    });

    const approved = await api.call("POST", `/super-admin/registrations/${districtId}/approve`, { token: superToken });
    expect(await expectOk(approved)).toMatchObject({ message: m.approved, registration: { status: "Approved" } });
    expect(await statusOf(districtId)).toBe("Active");
    expect((await queue()).map((r) => r.district.id)).not.toContain(districtId);
    expect(await lastMailTo(input.staff.email)).toMatchObject({ subject: `${input.district.name} has been approved` });
    // And in their bell.
    expect(await bellOf(result.authorizationToken)).toEqual([{ kind: "district.approved", district: input.district.name }]);
    // The same token now reaches the district's operations: the status is read on every request.
    await expectOk(await api.call("GET", `/school/search?district=${districtId}`, { token: result.authorizationToken }));
    await expectError(await api.call("POST", `/super-admin/registrations/${districtId}/approve`, { token: superToken }), 409, m.notAwaitingReview);
    const audit = await api.db.select().from(auditLog).where(eq(auditLog.recordId, districtId));
    expect(audit.map((a) => a.operation)).toEqual(expect.arrayContaining(["district.register", "district.registration.Approved"]));
  });

  it("asks for changes with a reason the registrant reads; their corrected details return it to the queue", async () => {
    const { input, result } = await registrationCalls(api).register();
    const districtId = result.staff.district.id;
    const token = result.authorizationToken;
    const ask = (reason: string) => api.call("POST", `/super-admin/registrations/${districtId}/request-changes`, { token: superToken, body: { reason } });
    expect((await expectError(await ask("  "), 400, formInvalidMessage)).issues).toEqual([{ path: "reason", message: m.reasonRequired }]);
    const reason = "The district's address must be its office, not a residence.";
    expect(await expectOk(await ask(reason))).toMatchObject({ message: m.changesRequested, registration: { status: "ChangesRequested", reason } });
    expect(await statusOf(districtId)).toBe("Unverified");
    expect((await lastMailTo(input.staff.email))?.body).toContain(reason);
    expect((await expectOk<OwnRegistration>(await api.call("GET", "/district/registration", { token }))).registration).toMatchObject({
      status: "ChangesRequested",
      reason,
    });
    expect(await bellOf(token)).toEqual([{ kind: "district.changes-requested", district: input.district.name, reason }]);
    // Still refused everything but the notice and the bell while it waits.
    await expectError(await api.call("GET", "/school/search", { token }), 403, districtStatusRefusal("Unverified"));
    await expectError(await ask("again"), 409, m.notAwaitingReview);

    const corrected = {
      name: `${input.district.name} Office`,
      address: "5 Education Close, Lagos Island",
      phoneNumbers: input.district.phoneNumbers,
      emails: [],
    };
    expect(await expectOk(await api.call("PATCH", "/district/registration", { token, body: corrected }))).toEqual({ message: m.resubmitted });
    const back = present((await queue()).find((r) => r.district.id === districtId));
    expect(back).toMatchObject({ status: "AwaitingReview", district: { name: corrected.name, address: corrected.address, emails: [] } });
    await expectError(await api.call("PATCH", "/district/registration", { token, body: corrected }), 409, m.notChangesRequested);
  });

  it("is for super administrators only; the resubmission for the district's owner only, and not under another district's name", async () => {
    const admin = await api.loginAdmin(1);
    await expectError(await api.call("GET", "/super-admin/registrations", { token: admin.authorizationToken }), 403, authMessages.forbidden);
    const { result } = await registrationCalls(api).register();
    const districtId = result.staff.district.id;
    await expectError(
      await api.call("POST", `/super-admin/registrations/${districtId}/approve`, { token: admin.authorizationToken }),
      403,
      authMessages.forbidden,
    );
    await expectError(await api.call("POST", `/super-admin/registrations/${crypto.randomUUID()}/approve`, { token: superToken }), 404, authMessages.notFound);
    const body = { name: "Education District II", address: "5 Education Close", phoneNumbers: [], emails: [] };
    const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
    await expectError(await api.call("PATCH", "/district/registration", { token: teacher.authorizationToken, body }), 403, m.onlyOwnerResubmits);
    // The owner of a district that did not register itself has nothing to send back.
    await expectError(await api.call("PATCH", "/district/registration", { token: admin.authorizationToken, body }), 404, authMessages.notFound);
    await expectOk(
      await api.call("POST", `/super-admin/registrations/${districtId}/request-changes`, {
        token: superToken,
        body: { reason: "Use the district's own name." },
      }),
    );
    const taken = await expectError(await api.call("PATCH", "/district/registration", { token: result.authorizationToken, body }), 409, formInvalidMessage);
    expect(taken.issues).toEqual([{ path: "name", message: "Another district of the state already has this name." }]);
    expect((await expectOk<OwnRegistration>(await api.call("GET", "/district/registration", { token: result.authorizationToken }))).registration?.status).toBe(
      "ChangesRequested",
    );
    // A district that did not register itself has no registration to read.
    expect(await expectOk<OwnRegistration>(await api.call("GET", "/district/registration", { token: admin.authorizationToken }))).toEqual({
      registration: null,
    });
  });
});
