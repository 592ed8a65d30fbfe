import type { Context } from "hono";
import * as z from "zod/mini";
import { districtMessages, districtUpdateSchema } from "../../../lib/contract/district";
import { uuidParam } from "../../../lib/contract/fields";
import { districtImageSlots, imageMessages, type DistrictImageSlot } from "../../../lib/contract/images";
import { recordAudit } from "../../db/audit";
import type { Reader } from "../../db/client";
import { normalizeName } from "../../db/names";
import { district } from "../../db/schema";
import { atDistrictLevel, type StaffScope } from "../../db/scope";
import { updateVersioned } from "../../db/versioned";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import type { ApiEnv } from "../../http/context";
import { AppError, forbidden, notFound } from "../../http/errors";
import { dropImage, imageFrom, MAX_IMAGE_FORM_BYTES, readForm, saveImage } from "../../images/image-upload";
import { findDistrict, imageColumn, setDistrictImages, toDistrictProfile, type ImageTarget } from "./queries";
import { isDistrictNameTaken } from "./state-names";

const tag = "District";
const idParams = z.object({ id: uuidParam });

/** Accepts 1–4 or the slot's name (spec §7: 'form: file plus slot flag'). */
function slotOf(value: unknown): DistrictImageSlot {
  const text = typeof value === "string" ? value.trim() : "";
  const byNumber = /^[1-4]$/.test(text) ? districtImageSlots[Number(text) - 1] : undefined;
  const slot = byNumber ?? districtImageSlots.find((s) => s === text);
  if (!slot) throw new AppError("bad_request", imageMessages.slotInvalid);
  return slot;
}

/**
 * The district in the scope; to change it, the caller must work at district level (staff working in an
 * LGEA or a school see the district's profile but do not change it).
 */
async function districtFor(db: Reader, scope: StaffScope, id: string, purpose: "read" | "change" = "read") {
  const row = await findDistrict(db, scope, id);
  if (!row) throw notFound();
  if (purpose === "change" && !atDistrictLevel(scope)) throw forbidden();
  return row;
}

export function districtProfileRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/district/view/:id",
      summary: "The district's profile with its logo and four images: { district: DistrictProfile }",
      tag,
      access: requires("district.view"),
      shell: true,
      params: idParams,
    },
    async (c, { params }) => c.json({ district: toDistrictProfile(await districtFor(c.get("deps").db, c.get("scope"), params.id)) }),
  );

  route(
    {
      method: "PATCH",
      path: "/district/update/:id",
      summary:
        "Change the district's name, address, phone numbers and e-mails. Body: { name, address, phoneNumbers, emails, version }. { district }; 409 when stale or the name is taken in the state",
      tag,
      access: requires("district.update"),
      params: idParams,
      body: districtUpdateSchema,
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const updated = await db.transaction(async (tx) => {
        const before = await districtFor(tx, scope, params.id, "change");
        const set = async () => {
          const name = normalizeName(body.name);
          if (await isDistrictNameTaken(tx, before, name)) throw new AppError("conflict", districtMessages.nameTaken);
          return { name, address: body.address, phoneNumbers: body.phoneNumbers, emails: body.emails.map((e) => e.toLowerCase()) };
        };
        return updateVersioned(tx, scope, c.get("actor"), district, before, {
          version: body.version,
          set,
          operation: "district.update",
          stale: districtMessages.stale,
          view: (d) => ({ name: d.name, address: d.address, phoneNumbers: d.phoneNumbers, emails: d.emails }),
          auditRecord: (d) => ({ id: d.id, districtId: d.id }),
        });
      });
      return c.json({ district: toDistrictProfile(updated) });
    },
  );

  /**
   * Sets the given slots in one transaction: all of them or none. Images leave the version alone: it
   * guards the details form, which an image upload does not touch.
   */
  const setImages = async (c: Context<ApiEnv>, districtId: string, files: [ImageTarget, unknown][]) => {
    const { db } = c.get("deps");
    const scope = c.get("scope");
    const actor = c.get("actor");
    await districtFor(db, scope, districtId, "change");
    if (files.length === 0) throw new AppError("bad_request", imageMessages.noImages);
    const images = await Promise.all(files.map(async ([slot, file]) => [slot, await imageFrom(file)] as const));
    const updated = await db.transaction(async (tx) => {
      const before = await districtFor(tx, scope, districtId, "change");
      const changes: Partial<Record<(typeof imageColumn)[ImageTarget], string>> = {};
      for (const [slot, image] of images) changes[imageColumn[slot]] = await saveImage(tx, before.id, actor.staffId, image);
      const row = await setDistrictImages(tx, scope, before.id, changes);
      if (!row) throw notFound();
      for (const [slot] of images) await dropImage(tx, scope, before[imageColumn[slot]]);
      const replaced = Object.fromEntries(images.map(([slot]) => [slot, before[imageColumn[slot]]]));
      await recordAudit(tx, actor, "district.upload-images", { id: row.id, districtId: row.id }, replaced, changes);
      return row;
    });
    return c.json({ district: toDistrictProfile(updated) });
  };

  route(
    {
      method: "PATCH",
      path: "/district/upload-logo/:id",
      summary: "Set the district's logo. Multipart form: file (PNG or JPEG, at most 5 MB; stored as JPEG). { district }",
      tag,
      access: requires("district.update"),
      params: idParams,
      rawBody: true,
      maxBodyBytes: MAX_IMAGE_FORM_BYTES,
    },
    async (c, { params }) => {
      await districtFor(c.get("deps").db, c.get("scope"), params.id, "change");
      return setImages(c, params.id, [["logo", (await readForm(c)).file]]);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/district/upload-district-image/:id",
      summary: "Set one of the district's four images. Multipart form: file, slot (1–4 or districtImageOne…Four). { district }",
      tag,
      access: requires("district.update"),
      params: idParams,
      rawBody: true,
      maxBodyBytes: MAX_IMAGE_FORM_BYTES,
    },
    async (c, { params }) => {
      await districtFor(c.get("deps").db, c.get("scope"), params.id, "change");
      const form = await readForm(c);
      return setImages(c, params.id, [[slotOf(form.slot), form.file]]);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/district/upload-multiple-images/:id",
      summary:
        "Set several of the district's images at once, all or none. Multipart form: a file under each slot name to set (districtImageOne…Four). { district }",
      tag,
      access: requires("district.update"),
      params: idParams,
      rawBody: true,
      maxBodyBytes: MAX_IMAGE_FORM_BYTES,
    },
    async (c, { params }) => {
      const form = await readForm(c);
      return setImages(
        c,
        params.id,
        districtImageSlots.filter((slot) => form[slot] !== undefined).map((slot) => [slot, form[slot]]),
      );
    },
  );
}
