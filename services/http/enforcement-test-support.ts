import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Operation } from "../../lib/contract/permissions";
import type { AuthResult } from "../../lib/contract/user";
import { demoPasswords } from "../db/demo-data";
import { classType, lgea, role, roleAccess, school, schoolClass, schoolRole, student } from "../db/schema";
import { createTestApi, type TestApi } from "../test/harness";
import { randomId, roleRow, staffRow } from "../test/helpers";
import type { Api, RegisteredRoute } from "./api";
import { probes } from "./enforcement-probes";
import { nextProbeNumber, type IdOf, type Kind, type Probe, type Value } from "./probes/probe";

/**
 * What the permission walk's tests (enforcement*.test.ts) share: every route of both APIs, the staff who call them,
 * district 2's records for the 404 checks, and calling a route with its probe inputs.
 */

const keyOf = (r: RegisteredRoute) => `${r.method} ${r.path}`;
export const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? "");

export type Walked = { api: string; app: Api["app"]; route: RegisteredRoute; key: string };

export type EnforcementWorld = {
  api: TestApi;
  walked: Walked[];
  /** A teacher without roles: given the probe role when a test needs one. */
  teacher: AuthResult;
  /** District 1's administrator (its owner). */
  admin: AuthResult;
  superAdmin: AuthResult;
  d1: string;
  /** A record of district 2 of every kind. */
  otherDistrict: Record<Kind, string>;
};

export const valueOf = (value: Value, id: IdOf) => (typeof value === "string" ? id(value) : value.literal);

/** Does the probe name a record (so district 2's ids must be 404)? */
export const usesIds = (probe: Probe) => {
  let used = false;
  probe.body?.(() => {
    used = true;
    return randomId();
  });
  return used || [...Object.values(probe.params ?? {}), ...Object.values(probe.query ?? {})].some((v) => typeof v === "string");
};

/** Calls a route with its probe inputs; ids of `id`'s choosing. */
export function request(w: Walked, token: string, id: IdOf): Promise<Response> {
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

export const random: IdOf = () => randomId();

export const operationOf = (w: Walked): Operation => {
  if (w.route.access.kind !== "operation" && w.route.access.kind !== "ownRecordOr") throw new Error(`${w.key} declares no operation`);
  return w.route.access.operation;
};
/** The route's operation and any it accepts instead: staff holding none of them are refused. */
export const operationsOf = (w: Walked): Operation[] => [operationOf(w), ...(w.route.access.kind === "operation" ? (w.route.access.or ?? []) : [])];
export const label = (w: Walked) => `${w.api} ${w.key}`;

/**
 * Opens a test API for the file (closed after its tests) and gives the walk's helpers over it. `world` is filled in
 * before the first test runs, so its fields are read inside tests, never while the file is being collected.
 */
export function enforcementTest() {
  const world = {} as EnforcementWorld;

  beforeAll(async () => {
    const api = await createTestApi();
    const walked = [
      ...api.district.routes.map((route) => ({ api: "district", app: api.district.app, route, key: keyOf(route) })),
      ...api.billing.routes.map((route) => ({ api: "billing", app: api.billing.app, route, key: keyOf(route) })),
    ];
    const [teacher, admin, superAdmin] = await Promise.all([
      api.login("chiamaka.nwosu@example.org", demoPasswords.staff),
      api.loginAdmin(1),
      api.loginSuperAdmin(),
    ]);
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
    const otherDistrict: Record<Kind, string> = {
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
    Object.assign(world, { api, walked, teacher, admin, superAdmin, d1: admin.staff.district.id, otherDistrict } satisfies EnforcementWorld);
  });
  afterAll(() => world.api.close());

  const foreign: IdOf = (kind) => world.otherDistrict[kind];

  /** Routes that declare an operation: always needed, or needed for anyone's record but one's own (asked with ids that are not the caller's). */
  const operationRoutes = () => world.walked.filter((w) => w.route.access.kind === "operation" || w.route.access.kind === "ownRecordOr");

  /** A role of district 1 with these operations, held by the teacher at district level; its id. */
  async function grantProbeRole(operations: Operation[]) {
    const [created] = await world.api.db
      .insert(role)
      .values({ districtId: world.d1, name: `Enforcement probe ${nextProbeNumber()}`, operations })
      .returning();
    if (!created) throw new Error("probe role insert failed");
    await world.api.db
      .insert(roleAccess)
      .values({ staffId: world.teacher.staff.id, districtId: world.d1, organizationType: "District", organizationId: world.d1, roleId: created.id });
    return created.id;
  }
  async function setProbeOperations(roleId: string, operations: Operation[]) {
    await world.api.db
      .update(role)
      .set({ operations })
      .where(and(eq(role.id, roleId), eq(role.districtId, world.d1)));
  }
  async function dropProbeRole(roleId: string) {
    await world.api.db.delete(roleAccess).where(eq(roleAccess.roleId, roleId));
    await world.api.db.delete(role).where(eq(role.id, roleId));
  }

  return { world, foreign, operationRoutes, grantProbeRole, setProbeOperations, dropProbeRole };
}
