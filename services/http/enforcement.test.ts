import { describe, expect, it } from "vitest";
import { districtStatusRefusal } from "../../lib/contract/messages";
import { allOperations } from "../../lib/contract/permissions";
import { demoPasswords } from "../db/demo-data";
import { randomId } from "../test/helpers";
import { ownRecordRoutes, probes, signedInAllowList, signedInAnswers } from "./enforcement-probes";
import { enforcementTest, label, paramNames, random, request } from "./enforcement-test-support";
import type { IdOf } from "./probes/probe";

/**
 * The permission walk: every route that declares an operation refuses staff without it, admits staff with
 * exactly it, and hides another district's records (enforcement-operations.test.ts); API-key routes take a key
 * alone (enforcement-api-keys.test.ts); signed-in-only routes are an explicit list.
 */

describe("permission enforcement on every route", () => {
  const { world, operationRoutes, grantProbeRole, dropProbeRole } = enforcementTest();

  it("has valid probe inputs for every route with a path parameter or a body, and no probe for a route that is gone", () => {
    const problems: string[] = [];
    for (const w of world.walked.filter((x) => ["operation", "ownRecordOr", "districtOwner", "superAdmin", "apiKey"].includes(x.route.access.kind))) {
      const probe = probes[w.key];
      const needs = paramNames(w.route.path).length > 0 || w.route.body !== undefined || w.route.rawBody === true;
      if (needs && !probe) {
        problems.push(`${label(w)}: add its probe to the table of its path (enforcement-probes.ts lists them)`);
        continue;
      }
      for (const name of paramNames(w.route.path)) if (!probe?.params?.[name]) problems.push(`${label(w)}: no probe value for :${name}`);
      if (w.route.body && !w.route.body.safeParse(probe?.body?.(random)).success)
        problems.push(`${label(w)}: the probe body does not match the route's schema`);
      if (w.route.body && !probe?.body) problems.push(`${label(w)}: no probe body`);
    }
    const keys = new Set(world.walked.map((w) => w.key));
    for (const key of Object.keys(probes)) if (!keys.has(key)) problems.push(`${key}: probe for a route that does not exist`);
    expect(problems).toEqual([]);
    expect(operationRoutes().length).toBeGreaterThanOrEqual(12);
  });

  it("keeps signed-in-only routes to an explicit list, each open to staff without roles", async () => {
    const signedIn = world.walked.filter((w) => w.route.access.kind === "signedIn").map((w) => w.key);
    expect(signedIn.sort()).toEqual([...signedInAllowList].sort());
    expect(world.teacher.permissions).toEqual([]);
    for (const w of world.walked.filter((x) => x.route.access.kind === "signedIn")) {
      const expected = ownRecordRoutes.includes(w.key) ? 404 : (signedInAnswers[w.key] ?? 200);
      expect((await request(w, world.teacher.authorizationToken, random)).status, label(w)).toBe(expected);
    }
  });

  it("admits staff without roles to their own record on the own-record routes", async () => {
    const own: IdOf = (kind) => (kind === "staff" ? world.teacher.staff.id : randomId());
    const ownRecord = world.walked.filter((x) => x.route.access.kind === "ownRecordOr");
    expect(ownRecord.map((w) => w.key).sort()).toEqual(
      ["GET /staff/last-time-active", "GET /staff/view-staff/:id", "PATCH /staff/update-profile-picture/:id", "PATCH /staff/update/:id"].sort(),
    );
    const failures: string[] = [];
    for (const w of ownRecord) {
      const response = await request(w, world.teacher.authorizationToken, own);
      if ([401, 403, 404].includes(response.status) || response.status >= 500) failures.push(`${label(w)}: ${response.status} ${await response.text()}`);
    }
    expect(failures).toEqual([]);
  });

  it("refuses super-administrator routes to a district administrator", async () => {
    const failures: string[] = [];
    for (const w of world.walked.filter((x) => x.route.access.kind === "superAdmin")) {
      const status = (await request(w, world.admin.authorizationToken, random)).status;
      if (status !== 403) failures.push(`${label(w)}: ${status}`);
      const asSuper = (await request(w, world.superAdmin.authorizationToken, random)).status;
      if ([401, 403].includes(asSuper)) failures.push(`${label(w)} as super administrator: ${asSuper}`);
    }
    expect(failures).toEqual([]);
  });

  it("admits only the district's owner and super administrators to rights that belong to a person, whatever roles others hold", async () => {
    const ownerRoutes = world.walked.filter((x) => x.route.access.kind === "districtOwner");
    expect(ownerRoutes.map((w) => w.key).sort()).toEqual([
      "PATCH /district/registration",
      "POST /district/registration/withdraw",
      "POST /staff/transfer-right",
    ]);
    const failures: string[] = [];
    const probeRole = await grantProbeRole([...allOperations]);
    for (const w of ownerRoutes) {
      const asHolder = (await request(w, world.teacher.authorizationToken, random)).status;
      if (asHolder !== 403) failures.push(`${label(w)} with every operation: ${asHolder}`);
      for (const [who, session] of [
        ["the owner", world.admin],
        ["a super administrator", world.superAdmin],
      ] as const) {
        const status = (await request(w, session.authorizationToken, random)).status;
        if ([401, 403].includes(status) || status >= 500) failures.push(`${label(w)} as ${who}: ${status}`);
      }
    }
    await dropProbeRole(probeRole);
    expect(failures).toEqual([]);
  });

  it("answers staff of a district that is not Active 403 naming its status on every route but the shell's, and their own record only", async () => {
    const admin3 = await world.api.login("admin.ed3@example.org", demoPasswords.admin);
    expect(admin3.staff.district.accountStatus).toBe("Unverified");
    const mine: IdOf = (kind) => (kind === "staff" ? admin3.staff.id : kind === "district" ? admin3.staff.district.id : randomId());
    const failures: string[] = [];
    let open = 0;
    // API-key routes take no staff token: the status of a key's district is checked in the API-key test.
    for (const w of world.walked.filter((x) => x.route.access.kind !== "public" && x.route.access.kind !== "superAdmin" && x.route.access.kind !== "apiKey")) {
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
});
