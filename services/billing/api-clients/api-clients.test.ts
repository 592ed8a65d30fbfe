import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { billingMessages, type ApiClientItem, type IssuedApiKey } from "../../../lib/contract/billing";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import type { AuthResult } from "../../../lib/contract/user";
import { apiClient, auditLog } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, randomId } from "../../test/helpers";
import { ledgerInvariantBreaches } from "../ledger/invariant";
import { billing, fund, schoolWithPupils } from "../report-cards/test-fixtures";

describe("API clients: GET /api-clients, POST /api-clients, POST /api-clients/:id/revoke", () => {
  let api: TestApi;
  let superAdmin: AuthResult;
  let admin1: AuthResult;
  let d1: string;
  let d2: string;

  const issue = (token: string, body: unknown) => billing(api, "/api-clients", { method: "POST", token, body });
  const list = (token: string, district?: string) => billing(api, `/api-clients${district ? `?${new URLSearchParams({ district })}` : ""}`, { token });
  const revoke = (token: string, id: string) => billing(api, `/api-clients/${id}/revoke`, { method: "POST", token });
  const serviceCharge = (key: string, schoolId: string) =>
    billing(api, "/service/report-card-charge", {
      method: "POST",
      key,
      body: { schoolId, academicSession: "2026/2027", term: "First Term", idempotencyKey: randomId() },
    });

  beforeAll(async () => {
    api = await createTestApi();
    [superAdmin, admin1] = await Promise.all([api.loginSuperAdmin(), api.loginAdmin(1)]);
    d1 = admin1.staff.district.id;
    d2 = (await api.loginAdmin(2)).staff.district.id;
  });
  afterEach(async () => {
    expect(await ledgerInvariantBreaches(api.db)).toEqual([]);
  });
  afterAll(() => api.close());

  it("issues a key once: 32 random bytes, prefixed, stored hashed with its first 8 characters, and audited without it", async () => {
    const issued = await expectOk<IssuedApiKey>(await issue(superAdmin.authorizationToken, { districtId: d2, name: "  Results Hub  " }), 201);
    expect(issued.key).toMatch(/^rpk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(issued.key.slice(4), "base64url")).toHaveLength(32);
    expect(issued.client).toEqual({
      id: issued.client.id,
      districtId: d2,
      name: "Results Hub",
      keyPrefix: issued.key.slice(0, 8),
      createdAt: issued.client.createdAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    const [row] = await api.db.select().from(apiClient).where(eq(apiClient.id, issued.client.id));
    expect(row?.createdBy).toBe(superAdmin.staff.id);
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    const audits = await api.db.select().from(auditLog).where(eq(auditLog.recordId, issued.client.id));
    expect(audits.map((a) => a.operation)).toEqual(["api-client.issue"]);
    expect(JSON.stringify(audits)).not.toContain(issued.key.slice(8));
    expect(JSON.stringify(audits)).not.toContain(row?.keyHash);

    // Two keys never coincide.
    const second = await expectOk<IssuedApiKey>(await issue(superAdmin.authorizationToken, { districtId: d2, name: "Results Hub" }), 201);
    expect(second.key).not.toBe(issued.key);

    // The list: newest first, never the key nor its hash.
    const { clients } = await expectOk<{ clients: ApiClientItem[] }>(await list(superAdmin.authorizationToken, d2));
    expect(clients.map((c) => c.id)).toEqual([second.client.id, issued.client.id]);
    expect(JSON.stringify(clients)).not.toContain(issued.key.slice(8));
    expect(clients.every((c) => !("key" in c) && !("keyHash" in c))).toBe(true);
    // Another district's list holds none of them; left out, the district is the caller's own.
    const own = await expectOk<{ clients: ApiClientItem[] }>(await list(superAdmin.authorizationToken));
    expect(own.clients.every((c) => c.districtId === superAdmin.staff.district.id)).toBe(true);
    expect(own.clients.map((c) => c.id)).not.toContain(issued.client.id);
  });

  it("revokes a key: it stops working on the next request, and revoking again changes nothing", async () => {
    const sch = await schoolWithPupils(api, d1, 1);
    await fund(api, d1, 100_000);
    const issued = await expectOk<IssuedApiKey>(await issue(superAdmin.authorizationToken, { districtId: d1, name: "Term Results" }), 201);
    expect((await serviceCharge(issued.key, sch.id)).status).toBe(201);
    const revoked = await expectOk<{ message: string; client: ApiClientItem }>(await revoke(superAdmin.authorizationToken, issued.client.id));
    expect(revoked.message).toBe(billingMessages.keyRevoked);
    expect(revoked.client.revokedAt).not.toBeNull();
    expect(revoked.client.lastUsedAt).not.toBeNull();
    await expectError(await serviceCharge(issued.key, sch.id), 401, billingMessages.invalidApiKey);
    const [row] = await api.db.select().from(apiClient).where(eq(apiClient.id, issued.client.id));
    expect(row?.revokedBy).toBe(superAdmin.staff.id);

    const again = await expectOk<{ message: string; client: ApiClientItem }>(await revoke(superAdmin.authorizationToken, issued.client.id));
    expect(again.client.revokedAt).toBe(revoked.client.revokedAt);
    const audits = await api.db.select().from(auditLog).where(eq(auditLog.recordId, issued.client.id));
    expect(audits.map((a) => a.operation).sort()).toEqual(["api-client.issue", "api-client.revoke"]);
    const revokeAudit = audits.find((a) => a.operation === "api-client.revoke");
    expect(revokeAudit?.before).toMatchObject({ revokedAt: null });
    expect(revokeAudit?.after).toMatchObject({ revokedAt: revoked.client.revokedAt });
  });

  it("is for super administrators only (403), and unknown districts and clients are 404", async () => {
    await expectError(await list(admin1.authorizationToken, d1), 403, authMessages.forbidden);
    await expectError(await issue(admin1.authorizationToken, { districtId: d1, name: "Sneaky" }), 403, authMessages.forbidden);
    const issued = await expectOk<IssuedApiKey>(await issue(superAdmin.authorizationToken, { districtId: d1, name: "Kept" }), 201);
    await expectError(await revoke(admin1.authorizationToken, issued.client.id), 403, authMessages.forbidden);
    expect((await api.db.select().from(apiClient).where(eq(apiClient.id, issued.client.id)))[0]?.revokedAt).toBeNull();

    await expectError(await list(superAdmin.authorizationToken, randomId()), 404, authMessages.notFound);
    await expectError(await issue(superAdmin.authorizationToken, { districtId: randomId(), name: "Nowhere" }), 404, authMessages.notFound);
    await expectError(await revoke(superAdmin.authorizationToken, randomId()), 404, authMessages.notFound);
  });

  it("refuses bad input with the contract's messages", async () => {
    const noName = await expectError(await issue(superAdmin.authorizationToken, { districtId: d1, name: "   " }), 400, formInvalidMessage);
    expect(noName.issues?.map((i) => i.message)).toContain(billingMessages.clientNameRequired);
    const badDistrict = await expectError(await issue(superAdmin.authorizationToken, { districtId: "d1", name: "X" }), 400, formInvalidMessage);
    expect(badDistrict.issues?.map((i) => i.path)).toContain("districtId");
    await expectError(await revoke(superAdmin.authorizationToken, "not-an-id"), 400, formInvalidMessage);
  });
});
