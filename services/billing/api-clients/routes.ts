import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { apiClientCreateSchema, apiClientListQuerySchema, billingMessages, type ApiClientItem, type IssuedApiKey } from "../../../lib/contract/billing";
import { uuidParam } from "../../../lib/contract/fields";
import { hashApiKey } from "../../auth/api-key";
import { recordAudit } from "../../db/audit";
import { apiClient } from "../../db/schema";
import { requestedDistrict, within } from "../../db/scope";
import { superAdminOnly } from "../../http/access";
import type { Api } from "../../http/api";
import { notFound } from "../../http/errors";

const tag = "API clients";

type ApiClientRow = typeof apiClient.$inferSelect;

/** A key: 32 random bytes, base64url, with a prefix that says what it is (a secret scanner can find `rpk_` in a leaked file). */
const newApiKey = () => `rpk_${randomBytes(32).toString("base64url")}`;
/** How much of the key is kept in the clear, so a super administrator can tell keys apart. */
const PREFIX_LENGTH = 8;

const toItem = (row: ApiClientRow): ApiClientItem => ({
  id: row.id,
  districtId: row.districtId,
  name: row.name,
  keyPrefix: row.keyPrefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** What the audit keeps of a client: the item, which holds neither the key nor its hash. */
const auditView = toItem;

/** The API keys of the result-processing systems (super administrators only): issued per district, shown once, revocable. */
export function apiClientRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/api-clients",
      summary:
        "A district's API clients, newest first. Query: district? (the caller's district when left out; 404 for one that does not exist). { clients: ApiClientItem[] } (id, districtId, name, keyPrefix, createdAt, lastUsedAt, revokedAt; never the key)",
      tag,
      access: superAdminOnly,
      query: apiClientListQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const districtId = await requestedDistrict(db, scope, query.district);
      const rows = await db
        .select()
        .from(apiClient)
        .where(and(eq(apiClient.districtId, districtId), within(scope, apiClient)))
        .orderBy(desc(apiClient.createdAt), desc(apiClient.id));
      return c.json({ clients: rows.map(toItem) });
    },
  );

  route(
    {
      method: "POST",
      path: "/api-clients",
      summary:
        "Issues an API key for a district's result-processing system. Body: { districtId, name }. 201 { client: ApiClientItem, key }: the key is in this answer only (it is stored as a SHA-256 hash); 404 for a district that does not exist",
      tag,
      access: superAdminOnly,
      body: apiClientCreateSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const actor = c.get("actor");
      const districtId = await requestedDistrict(db, scope, body.districtId);
      const key = newApiKey();
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(apiClient)
          .values({ districtId, name: body.name, keyHash: hashApiKey(key), keyPrefix: key.slice(0, PREFIX_LENGTH), createdBy: actor.staffId })
          .returning();
        if (!created) throw new Error("api client insert returned nothing");
        await recordAudit(tx, actor, "api-client.issue", created, null, auditView(created));
        return created;
      });
      return c.json({ client: toItem(row), key } satisfies IssuedApiKey, 201);
    },
  );

  route(
    {
      method: "POST",
      path: "/api-clients/:id/revoke",
      summary:
        "Revokes an API key: it stops working on the next request. { message, client: ApiClientItem }; a key revoked already is answered as it is; 404 for an unknown client",
      tag,
      access: superAdminOnly,
      params: z.object({ id: uuidParam }),
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const actor = c.get("actor");
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(apiClient)
          .where(and(eq(apiClient.id, params.id), within(scope, apiClient)))
          .for("update");
        if (!before) throw notFound();
        if (before.revokedAt) return before;
        const [after] = await tx
          .update(apiClient)
          .set({ revokedAt: sql`now()`, revokedBy: actor.staffId })
          .where(and(eq(apiClient.id, before.id), within(scope, apiClient)))
          .returning();
        if (!after) throw notFound();
        await recordAudit(tx, actor, "api-client.revoke", after, auditView(before), auditView(after));
        return after;
      });
      return c.json({ message: billingMessages.keyRevoked, client: toItem(row) });
    },
  );
}
