import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyHeader, billingMessages, type IssuedApiKey } from "../../lib/contract/billing-values";
import { districtStatusRefusal } from "../../lib/contract/messages";
import { allOperations, type Operation } from "../../lib/contract/permissions";
import type { AuthResult } from "../../lib/contract/user";
import { demoPasswords } from "../db/demo-data";
import { classType, lgea, role, roleAccess, school, schoolClass, schoolRole, student } from "../db/schema";
import { createTestApi, type TestApi } from "../test/harness";
import { randomId, roleRow, staffRow } from "../test/helpers";
import type { Api, RegisteredRoute } from "./api";
import {
  grantRuleRoutes,
  nextProbeNumber,
  ownRecordRoutes,
  probes,
  signedInAllowList,
  signedInAnswers,
  type IdOf,
  type Kind,
  type Probe,
  type Value,
} from "./enforcement-probes";

/**
 * The permission walk: every route that declares an operation refuses staff without it, admits staff with
 * exactly it, and hides another district's records; signed-in-only routes are an explicit list.
 */

const keyOf = (r: RegisteredRoute) => `${r.method} ${r.path}`;
const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? "");

type Walked = { api: string; app: Api["app"]; route: RegisteredRoute; key: string };

describe("permission enforcement on every route", () => {
  let api: TestApi;
  let walked: Walked[];
  let teacher: AuthResult;
  let admin: AuthResult;
  let superAdmin: AuthResult;
  let d1: string;
  let otherDistrict: Record<Kind, string>;
  const random: IdOf = () => randomId();
  const foreign: IdOf = (kind) => otherDistrict[kind];

  beforeAll(async () => {
    api = await createTestApi();
    walked = [
      ...api.district.routes.map((route) => ({ api: "district", app: api.district.app, route, key: keyOf(route) })),
      ...api.billing.routes.map((route) => ({ api: "billing", app: api.billing.app, route, key: keyOf(route) })),
    ];
    [teacher, admin, superAdmin] = await Promise.all([api.login("chiamaka.nwosu@example.org", demoPasswords.staff), api.loginAdmin(1), api.loginSuperAdmin()]);
    d1 = admin.staff.district.id;
    const admin2 = await staffRow(api, "admin.ed2@example.org");
    const [grant2] = await api.db.select().from(roleAccess).where(eq(roleAccess.staffId, admin2.id));
    const [lgea2] = await api.db.select().from(lgea).where(eq(lgea.districtId, admin2.districtId));
    const [school2] = await api.db.select().from(school).where(eq(school.districtId, admin2.districtId));
    const [schoolRole2] = await api.db.select().from(schoolRole).where(eq(schoolRole.districtId, admin2.districtId));
    const [class2] = await api.db.select().from(schoolClass).where(eq(schoolClass.districtId, admin2.districtId));
    const [classType2] = await api.db.select().from(classType).where(eq(classType.districtId, admin2.districtId));
    const [student2] = await api.db.select().from(student).where(eq(student.districtId, admin2.districtId));
    if (!grant2 || !lgea2 || !school2 || !schoolRole2 || !class2 || !classType2 || !student2)
      throw new Error("district 2 seed is missing a role access, an LGEA, a school, a school role, a class or a class type");
    otherDistrict = {
      role: (await roleRow(api, admin2.districtId, "School Supervisor")).id,
      staff: (await staffRow(api, "zainab.umar@example.org")).id,
      district: admin2.districtId,
      organization: lgea2.id,
      roleAccess: grant2.id,
      school: school2.id,
      schoolRole: schoolRole2.id,
      lgea: lgea2.id,
      schoolClass: class2.id,
      classType: classType2.id,
      student: student2.id,
    };
  });
  afterAll(() => api.close());

  const valueOf = (value: Value, id: IdOf) => (typeof value === "string" ? id(value) : value.literal);
  const usesIds = (probe: Probe) => {
    let used = false;
    probe.body?.(() => {
      used = true;
      return randomId();
    });
    return used || [...Object.values(probe.params ?? {}), ...Object.values(probe.query ?? {})].some((v) => typeof v === "string");
  };

  /** Calls a route with its probe inputs; ids of `id`'s choosing. */
  function request(w: Walked, token: string, id: IdOf): Promise<Response> {
    const probe = probes[w.key] ?? {};
    const path = w.route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const value = probe.params?.[name];
      return encodeURIComponent(value ? valueOf(value, id) : "probe");
    });
    const query = new URLSearchParams(Object.entries(probe.query ?? {}).map(([k, v]) => [k, valueOf(v, id)])).toString();
    const body = probe.body?.(id);
    const form = probe.form?.();
    return Promise.resolve(
      w.app.request(query ? `${path}?${query}` : path, {
        method: w.route.method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      }),
    );
  }

  /** Routes that declare an operation: always needed, or needed for anyone's record but one's own (asked with ids that are not the caller's). */
  const operationRoutes = () => walked.filter((w) => w.route.access.kind === "operation" || w.route.access.kind === "ownRecordOr");
  const operationOf = (w: Walked): Operation => {
    if (w.route.access.kind !== "operation" && w.route.access.kind !== "ownRecordOr") throw new Error(`${w.key} declares no operation`);
    return w.route.access.operation;
  };
  const label = (w: Walked) => `${w.api} ${w.key}`;

  it("has valid probe inputs for every route with a path parameter or a body, and no probe for a route that is gone", () => {
    const problems: string[] = [];
    for (const w of walked.filter((x) => ["operation", "ownRecordOr", "districtOwner", "superAdmin", "apiKey"].includes(x.route.access.kind))) {
      const probe = probes[w.key];
      const needs = paramNames(w.route.path).length > 0 || w.route.body !== undefined || w.route.rawBody === true;
      if (needs && !probe) {
        problems.push(`${label(w)}: add it to the probes table`);
        continue;
      }
      for (const name of paramNames(w.route.path)) if (!probe?.params?.[name]) problems.push(`${label(w)}: no probe value for :${name}`);
      if (w.route.body && !w.route.body.safeParse(probe?.body?.(random)).success)
        problems.push(`${label(w)}: the probe body does not match the route's schema`);
      if (w.route.body && !probe?.body) problems.push(`${label(w)}: no probe body`);
    }
    const keys = new Set(walked.map((w) => w.key));
    for (const key of Object.keys(probes)) if (!keys.has(key)) problems.push(`${key}: probe for a route that does not exist`);
    expect(problems).toEqual([]);
    expect(operationRoutes().length).toBeGreaterThanOrEqual(12);
  });

  it("keeps signed-in-only routes to an explicit list, each open to staff without roles", async () => {
    const signedIn = walked.filter((w) => w.route.access.kind === "signedIn").map((w) => w.key);
    expect(signedIn.sort()).toEqual([...signedInAllowList].sort());
    expect(teacher.permissions).toEqual([]);
    for (const w of walked.filter((x) => x.route.access.kind === "signedIn")) {
      const expected = ownRecordRoutes.includes(w.key) ? 404 : (signedInAnswers[w.key] ?? 200);
      expect((await request(w, teacher.authorizationToken, random)).status, label(w)).toBe(expected);
    }
  });

  it("admits staff without roles to their own record on the own-record routes", async () => {
    const own: IdOf = (kind) => (kind === "staff" ? teacher.staff.id : randomId());
    const ownRecord = walked.filter((x) => x.route.access.kind === "ownRecordOr");
    expect(ownRecord.map((w) => w.key).sort()).toEqual(
      ["GET /staff/last-time-active", "GET /staff/view-staff/:id", "PATCH /staff/update-profile-picture/:id", "PATCH /staff/update/:id"].sort(),
    );
    const failures: string[] = [];
    for (const w of ownRecord) {
      const response = await request(w, teacher.authorizationToken, own);
      if ([401, 403, 404].includes(response.status) || response.status >= 500) failures.push(`${label(w)}: ${response.status} ${await response.text()}`);
    }
    expect(failures).toEqual([]);
  });

  it("refuses super-administrator routes to a district administrator", async () => {
    const failures: string[] = [];
    for (const w of walked.filter((x) => x.route.access.kind === "superAdmin")) {
      const status = (await request(w, admin.authorizationToken, random)).status;
      if (status !== 403) failures.push(`${label(w)}: ${status}`);
      const asSuper = (await request(w, superAdmin.authorizationToken, random)).status;
      if ([401, 403].includes(asSuper)) failures.push(`${label(w)} as super administrator: ${asSuper}`);
    }
    expect(failures).toEqual([]);
  });

  it("admits only the district's owner and super administrators to rights that belong to a person, whatever roles others hold", async () => {
    const ownerRoutes = walked.filter((x) => x.route.access.kind === "districtOwner");
    expect(ownerRoutes.map((w) => w.key)).toEqual(["POST /staff/transfer-right"]);
    const failures: string[] = [];
    const probeRole = await grantProbeRole([...allOperations]);
    for (const w of ownerRoutes) {
      const asHolder = (await request(w, teacher.authorizationToken, random)).status;
      if (asHolder !== 403) failures.push(`${label(w)} with every operation: ${asHolder}`);
      for (const [who, session] of [
        ["the owner", admin],
        ["a super administrator", superAdmin],
      ] as const) {
        const status = (await request(w, session.authorizationToken, random)).status;
        if ([401, 403].includes(status) || status >= 500) failures.push(`${label(w)} as ${who}: ${status}`);
      }
    }
    await dropProbeRole(probeRole);
    expect(failures).toEqual([]);
  });

  it("answers staff of a district that is not Active 403 naming its status on every route but the shell's, and their own record only", async () => {
    const admin3 = await api.login("admin.ed3@example.org", demoPasswords.admin);
    expect(admin3.staff.district.accountStatus).toBe("Unverified");
    const mine: IdOf = (kind) => (kind === "staff" ? admin3.staff.id : kind === "district" ? admin3.staff.district.id : randomId());
    const failures: string[] = [];
    let open = 0;
    // API-key routes take no staff token: the status of a key's district is checked in the API-key test.
    for (const w of walked.filter((x) => x.route.access.kind !== "public" && x.route.access.kind !== "superAdmin" && x.route.access.kind !== "apiKey")) {
      if (w.route.shell) {
        open++;
        const status = (await request(w, admin3.authorizationToken, mine)).status;
        if (status === 401 || status === 403 || status >= 500) failures.push(`${label(w)} (shell): ${status}`);
        if (w.route.access.kind === "ownRecordOr") {
          const other = await request(w, admin3.authorizationToken, random);
          if (other.status !== 403) failures.push(`${label(w)} with another's record: ${other.status}`);
        }
        continue;
      }
      const response = await request(w, admin3.authorizationToken, mine);
      const body = (await response.json()) as { message?: string };
      if (response.status !== 403 || body.message !== districtStatusRefusal("Unverified")) failures.push(`${label(w)}: ${response.status} ${body.message}`);
    }
    expect(failures).toEqual([]);
    expect(open).toBeGreaterThanOrEqual(10);
  });

  /** Calls an API-key route with its probe inputs, the key in its header (none: no header) and, if given, a bearer token besides. */
  function keyRequest(w: Walked, key: string | null, id: IdOf, bearer?: string): Promise<Response> {
    const probe = probes[w.key] ?? {};
    const path = w.route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const value = probe.params?.[name];
      return encodeURIComponent(value ? valueOf(value, id) : "probe");
    });
    const body = probe.body?.(id);
    return Promise.resolve(
      w.app.request(path, {
        method: w.route.method,
        headers: {
          ...(key === null ? {} : { [apiKeyHeader]: key }),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }

  it("authenticates API-key routes by the key alone: no key, a staff token or a revoked key is 401, a key of a district not Active 403, a valid key its own district only", async () => {
    const keyRoutes = walked.filter((x) => x.route.access.kind === "apiKey");
    expect(keyRoutes.map((w) => w.key)).toEqual(["POST /service/report-card-charge"]);
    const issue = async (districtId: string) => {
      const response = await api.billing.app.request("/api-clients", {
        method: "POST",
        headers: { authorization: `Bearer ${superAdmin.authorizationToken}`, "content-type": "application/json" },
        body: JSON.stringify({ districtId, name: `Enforcement probe ${nextProbeNumber()}` }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as IssuedApiKey;
    };
    const revoke = async (id: string) => {
      const response = await api.billing.app.request(`/api-clients/${id}/revoke`, {
        method: "POST",
        headers: { authorization: `Bearer ${superAdmin.authorizationToken}` },
      });
      expect(response.status).toBe(200);
    };
    const admin3 = await api.login("admin.ed3@example.org", demoPasswords.admin);
    const [live, revoked, unverified] = await Promise.all([issue(d1), issue(d1), issue(admin3.staff.district.id)]);
    await revoke(revoked.client.id);
    const failures: string[] = [];
    const expectStatus = async (what: string, response: Promise<Response>, status: number, message?: string) => {
      const answer = await response;
      const body = (await answer.json()) as { message?: string };
      if (answer.status !== status || (message !== undefined && body.message !== message)) failures.push(`${what}: ${answer.status} ${body.message}`);
    };
    for (const w of keyRoutes) {
      await expectStatus(`${label(w)} without a key`, keyRequest(w, null, random), 401, billingMessages.invalidApiKey);
      await expectStatus(
        `${label(w)} with a staff token and no key`,
        keyRequest(w, null, random, superAdmin.authorizationToken),
        401,
        billingMessages.invalidApiKey,
      );
      await expectStatus(`${label(w)} with a made-up key`, keyRequest(w, `rpk_${randomId()}`, random), 401, billingMessages.invalidApiKey);
      await expectStatus(`${label(w)} with a revoked key`, keyRequest(w, revoked.key, random), 401, billingMessages.invalidApiKey);
      await expectStatus(`${label(w)} with a key of a district not Active`, keyRequest(w, unverified.key, random), 403, districtStatusRefusal("Unverified"));
      const admitted = await keyRequest(w, live.key, random);
      if ([400, 401, 403].includes(admitted.status) || admitted.status >= 500)
        failures.push(`${label(w)} with a valid key: ${admitted.status} ${await admitted.text()}`);
      await expectStatus(`${label(w)} with a valid key and district 2's ids`, keyRequest(w, live.key, foreign), 404);
    }
    expect(failures).toEqual([]);
  });

  it("answers 403 to staff without roles, and to staff with every operation but the route's own", async () => {
    const failures: string[] = [];
    expect(teacher.roleAccess).toEqual([]);
    for (const w of operationRoutes()) {
      const status = (await request(w, teacher.authorizationToken, random)).status;
      if (status !== 403) failures.push(`${label(w)} without roles: ${status}`);
    }
    const probeRole = await grantProbeRole([]);
    for (const w of operationRoutes()) {
      await setProbeOperations(
        probeRole,
        allOperations.filter((op) => op !== operationOf(w)),
      );
      const status = (await request(w, teacher.authorizationToken, random)).status;
      if (status !== 403) failures.push(`${label(w)} with all but ${operationOf(w)}: ${status}`);
    }
    await dropProbeRole(probeRole);
    expect(failures).toEqual([]);
  });

  it("admits staff whose role holds exactly the route's operation, and hides district 2's records from them with 404", async () => {
    const failures: string[] = [];
    const probeRole = await grantProbeRole([]);
    let crossChecked = 0;
    for (const w of operationRoutes()) {
      await setProbeOperations(probeRole, [operationOf(w)]);
      const response = await request(w, teacher.authorizationToken, random);
      const text = await response.text();
      const refusedByItsRule = response.status === 403 && grantRuleRoutes[w.key] !== undefined && text.includes(grantRuleRoutes[w.key] ?? "");
      if (([400, 401, 403].includes(response.status) && !refusedByItsRule) || response.status >= 500)
        failures.push(`${label(w)} with ${operationOf(w)}: ${response.status} ${text}`);
      const probe = probes[w.key];
      if (probe && usesIds(probe)) {
        crossChecked++;
        const cross = await request(w, teacher.authorizationToken, foreign);
        if (cross.status !== 404) failures.push(`${label(w)} with district 2's ids: ${cross.status} ${await cross.text()}`);
      }
    }
    await dropProbeRole(probeRole);
    expect(failures).toEqual([]);
    expect(crossChecked).toBeGreaterThanOrEqual(9);
    // The district 2 records are all still there.
    expect(await api.db.select().from(role).where(eq(role.id, otherDistrict.role))).toHaveLength(1);
    expect(await api.db.select().from(roleAccess).where(eq(roleAccess.id, otherDistrict.roleAccess))).toHaveLength(1);
  });

  it("admits the super administrator to every route that declares an operation", async () => {
    const failures: string[] = [];
    for (const w of operationRoutes()) {
      const response = await request(w, superAdmin.authorizationToken, random);
      if ([400, 401, 403].includes(response.status) || response.status >= 500) failures.push(`${label(w)}: ${response.status} ${await response.text()}`);
    }
    expect(failures).toEqual([]);
  });

  async function grantProbeRole(operations: Operation[]) {
    const [created] = await api.db
      .insert(role)
      .values({ districtId: d1, name: `Enforcement probe ${nextProbeNumber()}`, operations })
      .returning();
    if (!created) throw new Error("probe role insert failed");
    await api.db.insert(roleAccess).values({ staffId: teacher.staff.id, districtId: d1, organizationType: "District", organizationId: d1, roleId: created.id });
    return created.id;
  }
  async function setProbeOperations(roleId: string, operations: Operation[]) {
    await api.db
      .update(role)
      .set({ operations })
      .where(and(eq(role.id, roleId), eq(role.districtId, d1)));
  }
  async function dropProbeRole(roleId: string) {
    await api.db.delete(roleAccess).where(eq(roleAccess.roleId, roleId));
    await api.db.delete(role).where(eq(role.id, roleId));
  }
});
