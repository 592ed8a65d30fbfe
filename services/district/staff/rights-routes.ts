import { successNotices } from "../../../lib/contract/messages";
import { lastTimeActiveQuerySchema, sessionSwitchMessages as m, staffTargetSchema, type LastTimeActive } from "../../../lib/contract/session-switch";
import { staffMessages } from "../../../lib/contract/staff";
import { district, staff } from "../../db/schema";
import { scopeInDistrict } from "../../db/scope";
import { updateVersioned } from "../../db/versioned";
import { districtOwnerOnly, ownRecordOr, superAdminOnly } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError, notFound } from "../../http/errors";
import { findDistrict } from "../districts/queries";
import { findStaff } from "./queries";

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
      const scope = c.get("scope");
      await db.transaction(async (tx) => {
        const target = await findStaff(tx, scope, body.staffId);
        if (!target) throw notFound();
        if (target.isSuperAdmin) throw new AppError("conflict", m.alreadySuperAdmin);
        await updateVersioned(tx, scope, c.get("actor"), staff, target, {
          version: target.version,
          set: { isSuperAdmin: true },
          operation: "staff.authorize-super-admin",
          stale: staffMessages.stale,
          view: (row) => ({ isSuperAdmin: row.isSuperAdmin }),
        });
      });
      return c.json({ message: m.superAdminAuthorized });
    },
  );

  route(
    {
      method: "POST",
      path: "/staff/transfer-right",
      summary:
        "The owner (or a super administrator) hands the district's ownership right to another active staff member of the district. Body: { staffId }. { message: 'Transfer Successfully' }; 409 when they own it already",
      tag: "District",
      // The right belongs to a person: a role holding district.transfer-right does not pass it on.
      access: districtOwnerOnly(m.onlyOwnerTransfers),
      body: staffTargetSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      await db.transaction(async (tx) => {
        const current = await findDistrict(tx, scope, scope.districtId);
        if (!current) throw notFound();
        const target = await findStaff(tx, scopeInDistrict(scope, current.id), body.staffId);
        if (!target) throw notFound();
        if (target.id === current.ownerStaffId) throw new AppError("conflict", m.alreadyOwner);
        if (target.accountStatus !== "Active") throw new AppError("bad_request", m.mustBeActive);
        await updateVersioned(tx, scope, c.get("actor"), district, current, {
          version: current.version,
          set: { ownerStaffId: target.id },
          operation: "district.transfer-right",
          stale: staffMessages.stale,
          view: (row) => ({ ownerStaffId: row.ownerStaffId }),
          auditRecord: (row) => ({ id: row.id, districtId: row.id }),
        });
      });
      return c.json({ message: successNotices.transfer });
    },
  );

  route(
    {
      method: "GET",
      path: "/staff/last-time-active",
      summary:
        "When a staff member last used the portal (to the minute): the caller's own, or with ?staffId= another's in the caller's scope (needs staff.view). { staffId, lastTimeActive: ISO time | null }",
      tag: "Staff",
      access: ownRecordOr("staff.view", { query: "staffId" }),
      shell: true,
      query: lastTimeActiveQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const row = await findStaff(db, scope, query.staffId ?? scope.staffId);
      if (!row) throw notFound();
      return c.json({ staffId: row.id, lastTimeActive: row.lastActiveAt?.toISOString() ?? null } satisfies LastTimeActive);
    },
  );
}
