import { and, eq } from "drizzle-orm";
import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import { switchDistrictSchema } from "../../../lib/contract/session-switch";
import { authResultOf } from "../../auth/auth-result";
import { revokeFamily, startSession, type SessionScope } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { district, roleAccess } from "../../db/schema";
import { signedIn, superAdminOnly } from "../../http/access";
import type { Api } from "../../http/api";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { systemScope, within } from "../../db/scope";

/** Crosses districts by design: switching issues tokens for the caller's own role access or, for a super administrator, any district. */
const system = systemScope("switching issues tokens for the caller's own role access or, for a super administrator, any district");

/**
 * A switch is a new session for the new scope (architecture 'Identity and tenancy': the token names the
 * district and organisation worked in). The old session ends, so one sign-in keeps one live session and
 * logout still ends everything the user holds.
 */
async function switchTo(db: Db, config: Parameters<typeof startSession>[1], actor: Actor, scope: SessionScope) {
  const tokens = await startSession(db, config, scope);
  await revokeFamily(db, actor.sessionId);
  return authResultOf(db, tokens);
}

export function sessionSwitchRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/staff/switch-role-access/:id",
      summary:
        "Work in another organisation the caller holds a role in (:id is one of their roleAccess ids). New tokens for it, as POST /auth/login answers; the old session ends. 404 for a role access that is not the caller's",
      tag: "Auth",
      access: signedIn,
      shell: true,
      params: z.object({ id: uuidParam }),
    },
    async (c, { params }) => {
      const { db, config } = c.get("deps");
      const actor = c.get("actor");
      const [grant] = await db
        .select({ districtId: roleAccess.districtId, organizationId: roleAccess.organizationId })
        .from(roleAccess)
        .where(and(and(eq(roleAccess.id, params.id), eq(roleAccess.staffId, actor.staffId)), within(system, roleAccess)));
      if (!grant) throw notFound();
      return c.json(await switchTo(db, config, actor, { staffId: actor.staffId, ...grant }));
    },
  );

  route(
    {
      method: "POST",
      path: "/super-admin/switch-district",
      summary:
        "A super administrator works on another district. Body: { districtId }. New tokens for that district, as POST /auth/login answers; the old session ends",
      tag: "Super administration",
      access: superAdminOnly,
      body: switchDistrictSchema,
    },
    async (c, { body }) => {
      const { db, config } = c.get("deps");
      const actor = c.get("actor");
      const [target] = await db
        .select({ id: district.id })
        .from(district)
        .where(and(eq(district.id, body.districtId), within(system, district)));
      if (!target) throw notFound();
      return c.json(await switchTo(db, config, actor, { staffId: actor.staffId, districtId: target.id, organizationId: target.id }));
    },
  );
}
