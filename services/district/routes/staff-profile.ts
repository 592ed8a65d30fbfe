import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidParam } from "../../../lib/contract/fields";
import { imageLocation } from "../../../lib/contract/images";
import { fieldMessages } from "../../../lib/contract/messages";
import { staffMessages, staffUpdateSchema } from "../../../lib/contract/staff";
import type { Operation } from "../../../lib/contract/permissions";
import { toStaffProfile } from "../../auth/signed-in-user";
import { recordAudit } from "../../db/audit";
import type { Db } from "../../db/client";
import { district, staff, statePortal } from "../../db/schema";
import { assertSameDistrict, signedIn } from "../../http/access";
import type { Api } from "../../http/api";
import type { Actor } from "../../http/context";
import { AppError, forbidden, notFound } from "../../http/errors";
import { dropImage, imageFrom, MAX_IMAGE_FORM_BYTES, readForm, saveImage } from "../../images/image-upload";
import { assertKnownPlaces } from "../queries/places";

const tag = "Staff";
const idParams = z.object({ id: uuidParam });
type Reader = Pick<Db, "select">;

/**
 * One's own record needs no permission; another's needs `operation` in the same district. Unknown and
 * other districts' records are 404 before the permission is looked at, so ids cannot be probed.
 */
async function staffFor(db: Reader, actor: Actor, id: string, operation: Operation) {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  if (!row) throw notFound();
  if (row.id === actor.staffId) return row;
  assertSameDistrict(actor, row.districtId);
  if (!actor.isSuperAdmin && !actor.permissions.has(operation)) throw forbidden();
  return row;
}

async function profileOf(db: Reader, row: typeof staff.$inferSelect) {
  const [d] = await db.select().from(district).where(eq(district.id, row.districtId));
  const [st] = d ? await db.select().from(statePortal).where(eq(statePortal.id, d.stateId)) : [];
  if (!d || !st) throw notFound();
  return toStaffProfile(row, d, st);
}

export function staffProfileRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/staff/view-staff/:id",
      summary: "A staff record: one's own, or another's in the district with staff.view. { staff: StaffProfile }",
      tag,
      access: signedIn,
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      return c.json({ staff: await profileOf(db, await staffFor(db, c.get("actor"), params.id, "staff.view")) });
    },
  );

  route(
    {
      method: "PATCH",
      path: "/staff/update/:id",
      summary:
        "Change a staff record (spec §5 staff form): one's own, or another's in the district with staff.update. Body: the staff details and version. { staff }; 409 when stale or the e-mail or phone number is taken",
      tag,
      access: signedIn,
      params: idParams,
      body: staffUpdateSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const { version, ...details } = body;
      assertKnownPlaces(details);
      const updated = await db.transaction(async (tx) => {
        const before = await staffFor(tx, actor, params.id, "staff.update");
        if (before.version !== version) throw new AppError("conflict", staffMessages.stale);
        const email = details.email.toLowerCase();
        const [emailClash] = await tx
          .select({ id: staff.id })
          .from(staff)
          .where(and(eq(sql`lower(${staff.email})`, email), ne(staff.id, before.id)));
        if (emailClash) throw new AppError("conflict", fieldMessages.emailTaken);
        const [phoneClash] = await tx
          .select({ id: staff.id })
          .from(staff)
          .where(and(eq(staff.phoneCode, details.phoneCode), eq(staff.phoneNumber, details.phoneNumber), ne(staff.id, before.id)));
        if (phoneClash) throw new AppError("conflict", fieldMessages.phoneTaken);
        const [row] = await tx
          .update(staff)
          .set({ ...details, email, version: sql`${staff.version} + 1`, updatedAt: new Date() })
          .where(and(eq(staff.id, before.id), eq(staff.version, version)))
          .returning();
        if (!row) throw new AppError("conflict", staffMessages.stale);
        const { passwordHash: _p, ...beforeSafe } = before;
        const { passwordHash: _q, ...afterSafe } = row;
        await recordAudit(tx, actor, "staff.update", row, beforeSafe, afterSafe);
        return row;
      });
      return c.json({ staff: await profileOf(db, updated) });
    },
  );

  route(
    {
      method: "PATCH",
      path: "/staff/update-profile-picture/:id",
      summary:
        "Set a profile picture: one's own, or another's in the district with staff.update. Multipart form: file (PNG or JPEG, at most 5 MB; stored as JPEG). { Location }",
      tag,
      access: signedIn,
      params: idParams,
      rawBody: true,
      maxBodyBytes: MAX_IMAGE_FORM_BYTES,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      await staffFor(db, actor, params.id, "staff.update");
      const image = await imageFrom((await readForm(c)).file);
      const pictureId = await db.transaction(async (tx) => {
        const before = await staffFor(tx, actor, params.id, "staff.update");
        const id = await saveImage(tx, before.districtId, actor.staffId, image);
        await tx.update(staff).set({ profilePictureId: id, updatedAt: new Date() }).where(eq(staff.id, before.id));
        await dropImage(tx, before.profilePictureId);
        await recordAudit(tx, actor, "staff.update-profile-picture", before, { profilePictureId: before.profilePictureId }, { profilePictureId: id });
        return id;
      });
      return c.json(imageLocation(pictureId));
    },
  );
}
