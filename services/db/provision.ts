import { allOperations, lgeaAdminOperations } from "../../lib/contract/permissions";
import { standardClassTypes } from "../../lib/contract/classes-values";
import { defaultConfiguration } from "../../lib/contract/configuration-values";
import type { Tx } from "./client";
import { classType, districtConfiguration, role, wallet } from "./schema";

/**
 * What every new district starts with, written in the transaction that creates it (the demo seed, the
 * super-administrator command, registration): its system roles, the standard class types, its
 * configuration and its (empty) wallet. Migrations 0008 and 0012 gave the districts that existed before the same.
 */
export async function provisionDistrict(tx: Tx, districtId: string, today = new Date()) {
  const [adminRole, lgeaAdminRole] = await tx
    .insert(role)
    .values([
      {
        districtId,
        name: "District Administrator",
        description: "Runs the district: every permission.",
        operations: [...allOperations],
        systemKey: "district-admin",
      },
      {
        districtId,
        name: "LGEA Administrator",
        description: "Runs an LGEA portal: its schools, their staff, pupils and classes.",
        operations: [...lgeaAdminOperations],
        systemKey: "lgea-admin",
      },
    ])
    .returning();
  if (!adminRole || !lgeaAdminRole) throw new Error("system role insert failed");
  await tx.insert(classType).values(standardClassTypes.map((t, i) => ({ districtId, name: t.name, level: t.level, position: i + 1, standard: true })));
  await tx.insert(districtConfiguration).values({ districtId, ...defaultConfiguration(today) });
  await tx.insert(wallet).values({ districtId });
  return { adminRole, lgeaAdminRole };
}
