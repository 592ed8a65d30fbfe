import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalNeedsUnverified } from "../../../lib/contract/messages";
import type { RegistrationQueue } from "../../../lib/contract/registration";
import { district } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";
import { registrationCalls } from "./test-support";

/**
 * Issue 35, finding 4: approving a registration set the district Active whatever its account status, so a
 * district suspended while its registration waited came back by the approval. Approval is now only of an
 * Unverified district under review; a Suspended or Active one is 409 and stays as it is.
 */
let api: TestApi;
let superToken: string;
beforeAll(async () => {
  api = await createTestApi({ REGISTRATION_LIMIT_PER_IP: 1000, REGISTRATION_LIMIT_PER_EMAIL: 1000 });
  superToken = (await api.loginSuperAdmin()).authorizationToken;
});
afterAll(() => api.close());

const statusOf = async (id: string) => (await api.db.select({ s: district.accountStatus }).from(district).where(eq(district.id, id)))[0]?.s;
const setStatus = async (id: string, accountStatus: string) =>
  expectOk(await api.call("PATCH", `/super-admin/districts/${id}/account-status`, { token: superToken, body: { accountStatus } }));
const approve = (id: string) => api.call("POST", `/super-admin/registrations/${id}/approve`, { token: superToken });
const awaiting = async () =>
  (await expectOk<RegistrationQueue>(await api.call("GET", "/super-admin/registrations?status=AwaitingReview", { token: superToken }))).registrations.map(
    (r) => r.district.id,
  );

describe("approval of a registration and the district's account status", () => {
  it("does not lift a suspension: a Suspended district's registration is 409, and the district stays Suspended and under review", async () => {
    const { result } = await registrationCalls(api).register();
    const id = result.staff.district.id;
    await setStatus(id, "Suspended");
    await expectError(await approve(id), 409, approvalNeedsUnverified("Suspended"));
    expect(await statusOf(id)).toBe("Suspended");
    expect(await awaiting()).toContain(id);
  });

  it("refuses an Active district's registration too, and approves once the district is Unverified again", async () => {
    const { result } = await registrationCalls(api).register();
    const id = result.staff.district.id;
    await setStatus(id, "Active");
    await expectError(await approve(id), 409, approvalNeedsUnverified("Active"));
    await setStatus(id, "Unverified");
    await expectOk(await approve(id));
    expect(await statusOf(id)).toBe("Active");
  });
});
