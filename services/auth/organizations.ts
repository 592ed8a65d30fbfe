import { and, eq } from "drizzle-orm";
import type { OrganizationType } from "../../lib/contract/user";
import type { Db } from "../db/client";
import { district, lgea, school } from "../db/schema";

export type Organization = { id: string; name: string; type: OrganizationType };

/** The district itself, or one of its LGEAs or schools. */
export async function organizationOf(db: Db, organizationId: string, districtId: string): Promise<Organization | undefined> {
  if (organizationId === districtId) {
    const [d] = await db.select({ id: district.id, name: district.name }).from(district).where(eq(district.id, districtId));
    return d && { ...d, type: "District" };
  }
  const [l] = await db
    .select({ id: lgea.id, name: lgea.name })
    .from(lgea)
    .where(and(eq(lgea.id, organizationId), eq(lgea.districtId, districtId)));
  if (l) return { ...l, type: "LGEA" };
  const [s] = await db
    .select({ id: school.id, name: school.name })
    .from(school)
    .where(and(eq(school.id, organizationId), eq(school.districtId, districtId)));
  return s && { ...s, type: "School" };
}
