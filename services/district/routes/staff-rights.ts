import { and, eq, sql } from "drizzle-orm";
import { successNotices } from "../../../lib/contract/messages";
import { lastTimeActiveQuerySchema, sessionSwitchMessages as m, staffTargetSchema, type LastTimeActive } from "../../../lib/contract/session-switch";
import { recordAudit } from "../../db/audit";
import { district, staff } from "../../db/schema";
import { assertSameDistrict, requires, signedIn, superAdminOnly } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError, forbidden, notFound } from "../../http/errors";

/** Rights that belong to a person rather than a role: super administration, the district's ownership, and activity. */
export function staffRightsRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/staff/authorize-super-admin",
      summary: "Make a staff member a super administrator. Body: { staffId }. { message }; 409 when they already are one",
      tag: "Super administration",
      access: superAdminOnly,
      body: staffTargetSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      await db.transaction(async (tx) => {
        const [target] = await tx
          .select({ id: staff.id, districtId: staff.districtId, isSuperAdmin: staff.isSuperAdmin })
          .from(staff)
          .where(eq(staff.id, body.staffId));
        if (!target) throw notFound();
        if (target.isSuperAdmin) throw new AppError("conflict", m.alreadySuperAdmin);
        await tx
          .update(staff)
          .set({ isSuperAdmin: true, version: sql`${staff.version} + 1`, updatedAt: new Date() })
          .where(eq(staff.id, target.id));
        await recordAudit(tx, actor, "staff.authorize-super-admin", target, { isSuperAdmin: false }, { isSuperAdmin: true });
      });
      return c.json({ message: m.superAdminAuthorized });
    },
  );

  route(
    {
      method: "POST",
      path: "/staff/transfer-right",
      summary:
        "Hand the district's ownership right to another active staff member of the district. Body: { staffId }. { message: 'Transfer Successfully' }; 409 when they own it already",
      tag: "District",
      access: requires("district.transfer-right"),
      body: staffTargetSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(district).where(eq(district.id, actor.districtId));
        if (!current) throw notFound();
        const [target] = await tx
          .select({ id: staff.id, accountStatus: staff.accountStatus })
          .from(staff)
          .where(and(eq(staff.id, body.staffId), eq(staff.districtId, current.id)));
        if (!target) throw notFound();
        if (target.id === current.ownerStaffId) throw new AppError("conflict", m.alreadyOwner);
        if (target.accountStatus !== "Active") throw new AppError("bad_request", m.mustBeActive);
        await tx
          .update(district)
          .set({ ownerStaffId: target.id, version: sql`${district.version} + 1`, updatedAt: new Date() })
          .where(eq(district.id, current.id));
        await recordAudit(
          tx,
          actor,
          "district.transfer-right",
          { id: current.id, districtId: current.id },
          { ownerStaffId: current.ownerStaffId },
          { ownerStaffId: target.id },
        );
      });
      return c.json({ message: successNotices.transfer });
    },
  );

  route(
    {
      method: "GET",
      path: "/staff/last-time-active",
      summary:
        "When a staff member last used the portal (to the minute): the caller's own, or with ?staffId= another's in the district (needs staff.view). { staffId, lastTimeActive: ISO time | null }",
      tag: "Staff",
      access: signedIn,
      query: lastTimeActiveQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const staffId = query.staffId ?? actor.staffId;
      if (staffId !== actor.staffId && !actor.isSuperAdmin && !actor.permissions.has("staff.view")) throw forbidden();
      const [row] = await db.select({ id: staff.id, districtId: staff.districtId, lastActiveAt: staff.lastActiveAt }).from(staff).where(eq(staff.id, staffId));
      if (!row) throw notFound();
      assertSameDistrict(actor, row.districtId);
      return c.json({ staffId: row.id, lastTimeActive: row.lastActiveAt?.toISOString() ?? null } satisfies LastTimeActive);
    },
  );
}
