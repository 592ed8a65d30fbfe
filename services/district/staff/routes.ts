import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import { imageLocation } from "../../../lib/contract/images";
import { fieldMessages } from "../../../lib/contract/messages";
import {
  staffFiltersSchema,
  staffMessages,
  staffSearchQuerySchema,
  staffUpdateSchema,
  type StaffFiltersQuery,
  type StaffRecord,
  type StaffSearchAnswer,
  type StaffSearchTotal,
  type StaffUpdated,
} from "../../../lib/contract/staff";
import { accountStatuses } from "../../../lib/contract/user";
import { revokeAllSessions } from "../../auth/sessions";
import { recordAudit } from "../../db/audit";
import { staff } from "../../db/schema";
import { requestedDistrict, scopeInDistrict, type StaffScope } from "../../db/scope";
import { updateVersioned } from "../../db/versioned";
import { ownRecordOr, requires } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError, notFound } from "../../http/errors";
import { dropImage, imageFrom, MAX_IMAGE_FORM_BYTES, readForm, saveImage } from "../../images/image-upload";
import { assertKnownPlaces } from "../reference/places";
import { assertCurrentPassword, requestEmailChange, tellOfContactChange } from "./contact-change";
import { isEmailTaken, isPhoneTaken } from "./identity";
import { assertMayChange, assertStaffNumbersFree } from "./rules";
import { auditView, countStaff, findStaff, postingAndRoles, searchStaff, setProfilePicture, staffProfile } from "./queries";

const tag = "Staff";

/** The query's filters as the staff queries take them; a super administrator also finds super administrators. */
const filterOf = <Q extends StaffFiltersQuery>(scope: StaffScope, { "district[0]": _district, includeLoggedInUser, ...rest }: Q) => ({
  ...rest,
  includeCaller: includeLoggedInUser === "true",
  includeSuperAdmins: scope.allDistricts,
});
const idParams = z.object({ id: uuidParam });

export function staffRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/staff/view-staff/:id",
      summary:
        "A staff record: one's own, or another's in the caller's scope with staff.view. StaffRecord: { staff: StaffProfile, posting, schoolRoles, roles }",
      tag,
      access: ownRecordOr("staff.view", { param: "id" }),
      shell: true,
      params: idParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const row = await findStaff(db, scope, params.id);
      if (!row) throw notFound();
      return c.json({ staff: await staffProfile(db, scope, row), ...(await postingAndRoles(db, scope, row)) } satisfies StaffRecord);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/staff/update/:id",
      summary:
        "Change a staff record (spec §5 staff form): one's own, or another's in the caller's scope with staff.update. Body: the staff details and version. { staff }; 409 when stale or the e-mail or phone number is taken",
      tag,
      access: ownRecordOr("staff.update", { param: "id" }),
      shell: true,
      params: idParams,
      body: staffUpdateSchema,
    },
    async (c, { params, body }) => {
      const deps = c.get("deps");
      const { db, config } = deps;
      const scope = c.get("scope");
      const actor = c.get("actor");
      const { version, currentPassword, ...details } = body;
      assertKnownPlaces(details);
      const email = details.email.toLowerCase();
      const own = params.id === actor.staffId;
      const found = await findStaff(db, scope, params.id);
      if (!found) throw notFound();
      const emailChanges = email !== found.email.toLowerCase();
      const phoneChanges = details.phoneCode !== found.phoneCode || details.phoneNumber !== found.phoneNumber;
      if (own && (emailChanges || phoneChanges)) await assertCurrentPassword(db, config, found, currentPassword);
      const updated = await db.transaction(async (tx) => {
        const before = await findStaff(tx, scope, params.id);
        if (!before) throw notFound();
        await assertMayChange(tx, scope, actor, before);
        const set = async () => {
          await assertStaffNumbersFree(tx, scope, before, details);
          if (await isEmailTaken(tx, email, before.id)) throw new AppError("conflict", fieldMessages.emailTaken);
          if (await isPhoneTaken(tx, { code: details.phoneCode, number: details.phoneNumber }, before.id))
            throw new AppError("conflict", fieldMessages.phoneTaken);
          // One's own new e-mail waits for the code sent to it (contact-change.ts); the rest is saved now.
          return { ...details, email: own ? before.email : email };
        };
        return updateVersioned(tx, scope, actor, staff, before, {
          version,
          set,
          operation: "staff.update",
          stale: staffMessages.stale,
          view: auditView,
        });
      });
      if (own && emailChanges) await requestEmailChange(deps, updated, email);
      await tellOfContactChange(deps, found, updated, !own && emailChanges ? email : undefined);
      return c.json({ staff: await staffProfile(db, scope, updated), ...(own && emailChanges ? { pendingEmail: email } : {}) } satisfies StaffUpdated);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/staff/update-profile-picture/:id",
      summary:
        "Set a profile picture: one's own, or another's in the caller's scope with staff.update. Multipart form: file (PNG or JPEG, at most 5 MB; stored as JPEG). { Location }",
      tag,
      access: ownRecordOr("staff.update", { param: "id" }),
      shell: true,
      params: idParams,
      rawBody: true,
      maxBodyBytes: MAX_IMAGE_FORM_BYTES,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const actor = c.get("actor");
      const target = await findStaff(db, scope, params.id);
      if (!target) throw notFound();
      await assertMayChange(db, scope, actor, target); // before the upload is decoded; again in the transaction
      const image = await imageFrom((await readForm(c)).file);
      const pictureId = await db.transaction(async (tx) => {
        const before = await findStaff(tx, scope, params.id);
        if (!before) throw notFound();
        await assertMayChange(tx, scope, actor, before);
        const id = await saveImage(tx, before.districtId, actor.staffId, image);
        await setProfilePicture(tx, scope, before.id, id);
        await dropImage(tx, scopeInDistrict(scope, before.districtId), before.profilePictureId);
        await recordAudit(tx, actor, "staff.update-profile-picture", before, { profilePictureId: before.profilePictureId }, { profilePictureId: id });
        return id;
      });
      return c.json(imageLocation(pictureId));
    },
  );

  route(
    {
      method: "GET",
      path: "/staff/search",
      summary:
        "The staff register and the autocomplete (spec §7). Query: district[0]? (the caller's district when left out), searchTerm? (names, e-mail, phone, oracle and staff numbers, case-insensitive), startDate?/endDate? (date of employment), state and LGA of residence and of origin, accountStatus?, staffType?, school?, gender?, limit? (1–1000, default 5), page?, includeLoggedInUser? ('true' to list the caller too). { foundStaffs: StaffListItem[], page, limit } by last and first name; the total is GET /staff/search-total",
      tag,
      access: requires("staff.view"),
      query: staffSearchQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const districtId = await requestedDistrict(db, scope, query["district[0]"]);
      const foundStaffs = await searchStaff(db, scopeInDistrict(scope, districtId), filterOf(scope, query));
      return c.json({ foundStaffs, page: query.page, limit: query.limit } satisfies StaffSearchAnswer);
    },
  );

  route(
    {
      method: "GET",
      path: "/staff/search-total",
      summary:
        "How many staff GET /staff/search's filters select (the same query without limit and page): { total }. Asked once per filter, not with every page",
      tag,
      access: requires("staff.view"),
      query: staffFiltersSchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const districtId = await requestedDistrict(db, scope, query["district[0]"]);
      return c.json({ total: await countStaff(db, scopeInDistrict(scope, districtId), filterOf(scope, query)) } satisfies StaffSearchTotal);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/staff/account-status/:id",
      summary: "Suspend, reactivate or require a new password; suspending or resetting ends the staff's sessions",
      tag,
      access: requires("staff.suspend"),
      params: idParams,
      body: z.object({ accountStatus: z.enum(accountStatuses) }),
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const actor = c.get("actor");
      await db.transaction(async (tx) => {
        const target = await findStaff(tx, scope, params.id);
        if (!target) throw notFound();
        if (target.id === actor.staffId) throw new AppError("bad_request", "You cannot change your own account status.");
        await assertMayChange(tx, scope, actor, target);
        await updateVersioned(tx, scope, actor, staff, target, {
          version: target.version,
          set: { accountStatus: body.accountStatus },
          operation: "staff.suspend",
          stale: staffMessages.stale,
          view: (row) => ({ accountStatus: row.accountStatus }),
        });
      });
      if (body.accountStatus !== "Active") await revokeAllSessions(db, params.id);
      return c.json({ id: params.id, accountStatus: body.accountStatus });
    },
  );
}
