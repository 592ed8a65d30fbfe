import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { apiKeyHeader, billingMessages } from "../../lib/contract/billing-values";
import { districtStatusRefusal } from "../../lib/contract/messages";
import { apiClient, district } from "../db/schema";
import { systemScope, within, type StaffScope } from "../db/scope";
import type { ApiClientCaller, ApiEnv } from "../http/context";
import { AppError } from "../http/errors";

/** Crosses districts by design: a key names its client, and so its district, before any scope exists. */
const system = systemScope("an API key names its client, and so its district, before any scope exists");

/** Keys are kept only as this hash (hex): the database never holds one that would work if it leaked. */
export const hashApiKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/** Longer than any key we issue: refused before hashing. */
const MAX_KEY_LENGTH = 200;
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The `apiKey` access kind: `x-api-key` → the service client. 401 for a missing, unknown or revoked key
 * (a revoked key stops working on the next request: it is looked up every time); 403 naming the status
 * when the client's district is not Active, as its staff would be answered.
 */
export async function authenticateApiKey(c: Context<ApiEnv>): Promise<ApiClientCaller> {
  const { db } = c.get("deps");
  const key = c.req.header(apiKeyHeader)?.trim() ?? "";
  if (!key || key.length > MAX_KEY_LENGTH) throw new AppError("unauthenticated", billingMessages.invalidApiKey);
  const [row] = await db
    .select({
      id: apiClient.id,
      districtId: apiClient.districtId,
      name: apiClient.name,
      lastUsedAt: apiClient.lastUsedAt,
      districtStatus: district.accountStatus,
    })
    .from(apiClient)
    .innerJoin(district, and(eq(district.id, apiClient.districtId), within(system, district)))
    .where(and(eq(apiClient.keyHash, hashApiKey(key)), isNull(apiClient.revokedAt), within(system, apiClient)));
  if (!row) throw new AppError("unauthenticated", billingMessages.invalidApiKey);
  if (row.districtStatus !== "Active") throw new AppError("forbidden", districtStatusRefusal(row.districtStatus));
  // Enough to tell a live key from an idle one, without a write on every call.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(apiClient)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(apiClient.id, row.id), within(system, apiClient)));
  }
  return { id: row.id, districtId: row.districtId, name: row.name };
}

/**
 * A client's scope: its district at district level, exactly what a district administrator's scope reaches
 * (every record of that district, none of another), so every query helper (`within`, `withinDistrict`,
 * `scopeInDistrict`) applies unchanged. `staffId` holds the client's id: a scope consults it only below
 * the district level, which this one never is.
 */
export const clientScope = (client: ApiClientCaller): StaffScope => ({
  kind: "staff",
  staffId: client.id,
  districtId: client.districtId,
  allDistricts: false,
  level: "district",
  organizationId: client.districtId,
});
