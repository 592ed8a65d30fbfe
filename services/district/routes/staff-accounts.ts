import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidParam } from "../../../lib/contract/fields";
import { accountStatuses } from "../../../lib/contract/user";
import { revokeAllSessions } from "../../auth/sessions";
import { staff } from "../../db/schema";
import { assertSameDistrict, requires, signedIn } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError, forbidden, notFound } from "../../http/errors";
import { recordAudit } from "../../db/audit";

const valueParam = z.object({ value: z.string().trim().min(1).max(254) });

export function staffAccountRoutes({ route }: Api) {
  // Availability checks answer signed-in staff only, so they cannot be used to find out who has an account.
  const exists = (path: string, summary: string, where: (value: string) => ReturnType<typeof eq>) =>
    route({ method: "GET", path, summary, tag: "Staff", access: signedIn, params: valueParam }, async (c, { params }) => {
      const [row] = await c.get("deps").db.select({ id: staff.id }).from(staff).where(where(params.value)).limit(1);
      return c.json({ exists: Boolean(row) });
    });
  exists("/staff/username-exists/:value", "Is a username taken?", (v) => eq(sql`lower(${staff.username})`, v.toLowerCase()));
  exists("/staff/email-exists/:value", "Is an e-mail address taken?", (v) => eq(sql`lower(${staff.email})`, v.toLowerCase()));
  exists("/staff/phone-number-exists/:value", "Is a phone number taken? Takes the ten digits, or +234 and the ten digits", (v) => {
    const digits = v.replace(/\D/g, "");
    return eq(staff.phoneNumber, digits.length > 10 ? digits.slice(-10) : digits);
  });

  route(
    {
      method: "PATCH",
      path: "/staff/account-status/:id",
      summary: "Suspend, reactivate or require a new password; suspending or resetting ends the staff's sessions",
      tag: "Staff",
      access: requires("staff.suspend"),
      params: z.object({ id: uuidParam }),
      body: z.object({ accountStatus: z.enum(accountStatuses) }),
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const [target] = await db
        .select({ id: staff.id, districtId: staff.districtId, status: staff.accountStatus, isSuperAdmin: staff.isSuperAdmin })
        .from(staff)
        .where(eq(staff.id, params.id));
      if (!target) throw notFound();
      assertSameDistrict(actor, target.districtId);
      // A district role does not reach over a super administrator, who merely has a home district.
      if (target.isSuperAdmin && !actor.isSuperAdmin) throw forbidden();
      if (target.id === actor.staffId) throw new AppError("bad_request", "You cannot change your own account status.");
      await db.transaction(async (tx) => {
        await tx
          .update(staff)
          .set({ accountStatus: body.accountStatus, updatedAt: new Date(), version: sql`${staff.version} + 1` })
          .where(and(eq(staff.id, target.id)));
        await recordAudit(tx, actor, "staff.suspend", target, { accountStatus: target.status }, { accountStatus: body.accountStatus });
      });
      if (body.accountStatus !== "Active") await revokeAllSessions(db, target.id);
      return c.json({ id: target.id, accountStatus: body.accountStatus });
    },
  );
}
