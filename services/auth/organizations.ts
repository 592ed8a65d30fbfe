import { and, eq } from "drizzle-orm";
import type { OrganizationType } from "../../lib/contract/user";
import type { Db } from "../db/client";
import { district, lgea, school } from "../db/schema";
import { systemScope, within } from "../db/scope";

/** Crosses districts by design: a token or role access names its organisation before any scope exists. */
const system = systemScope("a token or role access names its organisation before any scope exists");

export type Organization = { id: string; name: string; type: OrganizationType };

/** The district itself, or one of its LGEAs or schools. */
export async function organizationOf(db: Db, organizationId: string, districtId: string): Promise<Organization | undefined> {
  if (organizationId === districtId) {
    const [d] = await db
      .select({ id: district.id, name: district.name })
      .from(district)
      .where(and(eq(district.id, districtId), within(system, district)));
    return d && { ...d, type: "District" };
  }
  const [l] = await db
    .select({ id: lgea.id, name: lgea.name })
    .from(lgea)
    .where(and(and(eq(lgea.id, organizationId), eq(lgea.districtId, districtId)), within(system, lgea)));
  if (l) return { ...l, type: "LGEA" };
  const [s] = await db
    .select({ id: school.id, name: school.name })
    .from(school)
    .where(and(and(eq(school.id, organizationId), eq(school.districtId, districtId)), within(system, school)));
  return s && { ...s, type: "School" };
}
