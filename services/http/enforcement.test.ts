import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { districtStatusRefusal } from "../../lib/contract/messages";
import { allOperations, type Operation } from "../../lib/contract/permissions";
import type { AuthResult } from "../../lib/contract/user";
import { demoPasswords } from "../db/demo-data";
import { lgea, role, roleAccess, school, schoolRole } from "../db/schema";
import { createTestApi, type TestApi } from "../test/harness";
import { randomId, roleRow, staffRow } from "../test/helpers";
import type { Api, RegisteredRoute } from "./api";

/**
 * The permission walk: every route that declares an operation refuses staff without it, admits staff with
 * exactly it, and hides another district's records; signed-in-only routes are an explicit list.
 */

/** The kind of record an id in a path, query or body names; district 2's record of that kind is used for the 404 check. */
type Kind = "role" | "staff" | "district" | "organization" | "roleAccess" | "school" | "schoolRole";
type Value = Kind | { literal: string };
type IdOf = (kind: Kind) => string;
type Probe = { params?: Record<string, Value>; query?: Record<string, Value>; body?: (id: IdOf) => unknown; form?: () => FormData };

/** An upload without its file: the routes find (or do not find) their record before they read it. */
const emptyForm = () => new FormData();

/** A small valid upload for the spreadsheet routes. */
const csvForm = () => {
  const form = new FormData();
  form.append("file", new Blob(["Name,Address,Local Government,Category\nProbe Upload School,1 Road,Agege,Primary\n"]), "probe.csv");
  return form;
};

let unique = 0;
/** Valid inputs per `METHOD path`. A route with a path parameter or a body must have an entry here. */
const probes: Record<string, Probe> = {
  "GET /permission/by-restriction/:type": { params: { type: { literal: "District" } } },
  "POST /permission/get-permissions-by-operations": { body: () => ({ operations: ["school.view"] }) },
  "POST /role/add": { body: () => ({ name: `Probe role ${++unique}`, operations: ["role.create"] }) },
  "GET /role/get-by-id/:id": { params: { id: "role" } },
  "PATCH /role/update/:id": { params: { id: "role" }, body: () => ({ name: `Probe update ${++unique}`, operations: ["school.view"], version: 1 }) },
  "POST /role/delete/:id": { params: { id: "role" } },
  "GET /role/get-roles-for-organization/:id": { params: { id: "organization" } },
  "POST /role/assign": { body: (id) => ({ staffId: id("staff"), roleId: id("role"), organizationId: id("organization") }) },
  "POST /role/unassign/:roleAccessId": { params: { roleAccessId: "roleAccess" } },
  "GET /role/staff-access/:staffId": { params: { staffId: "staff" } },
  "GET /staff/search": { query: { "district[0]": "district" } },
  "GET /district/get-dashboard-information/:id": { params: { id: "district" } },
  "PATCH /staff/account-status/:id": { params: { id: "staff" }, body: () => ({ accountStatus: "Active" }) },
  "POST /super-admin/requirements": { body: (id) => ({ stateId: id("district"), districtId: id("district"), description: "Probe requirement" }) },
  "PATCH /super-admin/requirements/:id": { params: { id: { literal: randomId() } }, body: () => ({ completed: true }) },
  "DELETE /super-admin/requirements/:id": { params: { id: { literal: randomId() } } },
  "PATCH /super-admin/districts/:id/account-status": { params: { id: { literal: randomId() } }, body: () => ({ accountStatus: "Active" }) },
  "POST /super-admin/switch-district": { body: (id) => ({ districtId: id("district") }) },
  "POST /staff/authorize-super-admin": { body: (id) => ({ staffId: id("staff") }) },
  "POST /staff/transfer-right": { body: (id) => ({ staffId: id("staff") }) },
  "POST /staff/confirm-email-change": { body: () => ({ code: "123456" }) },
  "GET /staff/username-exists/:value": { params: { value: { literal: "probe.username" } } },
  "GET /staff/switch-role-access/:id": { params: { id: "roleAccess" } },
  "GET /lgea/search": { query: { "district[0]": "district" } },
  "GET /district/view/:id": { params: { id: "district" } },
  "PATCH /district/update/:id": {
    params: { id: "district" },
    body: () => ({ name: `Probe District ${++unique}`, address: "1 Probe Road", phoneNumbers: [], emails: [], version: 999 }),
  },
  "PATCH /district/upload-logo/:id": { params: { id: "district" }, form: emptyForm },
  "PATCH /district/upload-district-image/:id": { params: { id: "district" }, form: emptyForm },
  "PATCH /district/upload-multiple-images/:id": { params: { id: "district" }, form: emptyForm },
  "GET /staff/view-staff/:id": { params: { id: "staff" } },
  // A version no record has: the caller's own record is admitted and answered 409, and nothing changes.
  "PATCH /staff/update/:id": { params: { id: "staff" }, body: () => ({ ...probeStaffDetails, version: 999 }) },
  "GET /staff/last-time-active": { query: { staffId: "staff" } },
  "PATCH /staff/update-profile-picture/:id": { params: { id: "staff" }, form: emptyForm },
  "GET /files/:id": { params: { id: "staff" } },
  "GET /school/search": { query: { district: "district" } },
  "GET /school/get-by-district/:id": { params: { id: "district" } },
  "GET /school/view/:id": { params: { id: "school" } },
  "GET /school/get-school-information/:id": { params: { id: "school" } },
  "POST /school/add": { body: () => ({ name: `Probe School ${++unique}`, address: "1 Probe Road", localGovernment: "Agege", category: "Primary" }) },
  "PATCH /school/update/:id": {
    params: { id: "school" },
    body: () => ({ name: `Probe School ${++unique}`, address: "1 Probe Road", localGovernment: "Agege", category: "Primary", version: 999 }),
  },
  "POST /school/assign-role/:id": { params: { id: "school" }, body: (id) => ({ role: "Bursar", staffId: id("staff") }) },
  "POST /school/unassign-role/:schoolRoleId": { params: { schoolRoleId: "schoolRole" } },
  "POST /school/upload-multiple": { form: csvForm },
  "GET /school/imports/:id/rows": { params: { id: { literal: randomId() } } },
  "PATCH /school/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } }, body: () => ({ data: {} }) },
  "DELETE /school/imports/:id/rows/:rowId": { params: { id: { literal: randomId() }, rowId: { literal: randomId() } } },
  "GET /school/imports/:id/rejected": { params: { id: { literal: randomId() } } },
  "POST /school/create-multiple-schools": { body: () => ({ importId: randomId() }) },
  "GET /school/download": { query: { "district[0]": "district" } },
};

const probeStaffDetails = {
  title: "Mr",
  firstName: "Probe",
  lastName: "Person",
  oracleNumber: "OR-1",
  tescomNumber: "TS-1",
  gender: "Male",
  dob: "1990-01-01",
  phoneNumber: "8000000099",
  email: "probe.person@example.org",
  address: "1 Probe Road",
  countryOfOrigin: "Nigeria",
  stateOfOrigin: "Lagos",
  localGovernmentOfOrigin: "Ikeja",
  countryOfResidence: "Nigeria",
  stateOfResidence: "Lagos",
  localGovernmentOfResidence: "Ikeja",
};

/** Routes any signed-in staff member may call without a permission: their own data and availability checks. */
const signedInAllowList = [
  "GET /auth/me",
  "GET /staff/email-exists/:value",
  "GET /staff/phone-number-exists/:value",
  "GET /staff/switch-role-access/:id",
  "GET /files/:id",
  "POST /staff/confirm-email-change",
];
/** Signed-in routes whose path names a record (one of the caller's own role accesses, a file of their district): a random id is simply not found. */
const ownRecordRoutes = ["GET /staff/switch-role-access/:id", "GET /files/:id"];
/** Signed-in routes that answer a probe with something other than 200 when nothing of the caller's matches (no new e-mail waits for this code). */
const signedInAnswers: Record<string, number> = { "POST /staff/confirm-email-change": 400 };

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
    if (!grant2 || !lgea2 || !school2 || !schoolRole2) throw new Error("district 2 seed is missing a role access, an LGEA, a school or a school role");
    otherDistrict = {
      role: (await roleRow(api, admin2.districtId, "School Supervisor")).id,
      staff: (await staffRow(api, "zainab.umar@example.org")).id,
      district: admin2.districtId,
      organization: lgea2.id,
      roleAccess: grant2.id,
      school: school2.id,
      schoolRole: schoolRole2.id,
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
    for (const w of walked.filter((x) => ["operation", "ownRecordOr", "districtOwner", "superAdmin"].includes(x.route.access.kind))) {
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
    for (const w of walked.filter((x) => x.route.access.kind !== "public" && x.route.access.kind !== "superAdmin")) {
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
      if ([400, 401, 403].includes(response.status) || response.status >= 500)
        failures.push(`${label(w)} with ${operationOf(w)}: ${response.status} ${await response.text()}`);
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
      .values({ districtId: d1, name: `Enforcement probe ${++unique}`, operations })
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
