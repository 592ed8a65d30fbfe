import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { allOperations } from "../../lib/contract/permissions";
import { role, roleAccess } from "../db/schema";
import { grantRuleRoutes, probes } from "./enforcement-probes";
import { enforcementTest, label, operationOf, operationsOf, random, request, usesIds } from "./enforcement-test-support";

describe("permission enforcement on every route: the routes' operations", () => {
  const { world, foreign, operationRoutes, grantProbeRole, setProbeOperations, dropProbeRole } = enforcementTest();

  it("answers 403 to staff without roles, and to staff with every operation but the route's own", async () => {
    const failures: string[] = [];
    expect(world.teacher.roleAccess).toEqual([]);
    for (const w of operationRoutes()) {
      const status = (await request(w, world.teacher.authorizationToken, random)).status;
      if (status !== 403) failures.push(`${label(w)} without roles: ${status}`);
    }
    const probeRole = await grantProbeRole([]);
    for (const w of operationRoutes()) {
      await setProbeOperations(
        probeRole,
        allOperations.filter((op) => !operationsOf(w).includes(op)),
      );
      const status = (await request(w, world.teacher.authorizationToken, random)).status;
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
      const response = await request(w, world.teacher.authorizationToken, random);
      const text = await response.text();
      const refusedByItsRule = response.status === 403 && grantRuleRoutes[w.key] !== undefined && text.includes(grantRuleRoutes[w.key] ?? "");
      if (([400, 401, 403].includes(response.status) && !refusedByItsRule) || response.status >= 500)
        failures.push(`${label(w)} with ${operationOf(w)}: ${response.status} ${text}`);
      const probe = probes[w.key];
      if (probe && usesIds(probe)) {
        crossChecked++;
        const cross = await request(w, world.teacher.authorizationToken, foreign);
        if (cross.status !== 404) failures.push(`${label(w)} with district 2's ids: ${cross.status} ${await cross.text()}`);
      }
    }
    await dropProbeRole(probeRole);
    expect(failures).toEqual([]);
    expect(crossChecked).toBeGreaterThanOrEqual(9);
    // The district 2 records are all still there.
    expect(await world.api.db.select().from(role).where(eq(role.id, world.otherDistrict.role))).toHaveLength(1);
    expect(await world.api.db.select().from(roleAccess).where(eq(roleAccess.id, world.otherDistrict.roleAccess))).toHaveLength(1);
  });

  it("admits the super administrator to every route that declares an operation", async () => {
    const failures: string[] = [];
    for (const w of operationRoutes()) {
      const response = await request(w, world.superAdmin.authorizationToken, random);
      if ([400, 401, 403].includes(response.status) || response.status >= 500) failures.push(`${label(w)}: ${response.status} ${await response.text()}`);
    }
    expect(failures).toEqual([]);
  });
});
