import { and, eq } from "drizzle-orm";
import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import {
  registrationMessages as m,
  registrationStatuses,
  rejectSchema,
  requestChangesSchema,
  resubmissionSchema,
  type OwnRegistration,
  type RegistrationQueue,
} from "../../../lib/contract/registration";
import { districtMessages } from "../../../lib/contract/district";
import { approvalNeedsUnverified, formInvalidMessage } from "../../../lib/contract/messages";
import { recordAudit } from "../../db/audit";
import { notify } from "../../db/notify";
import type { Tx } from "../../db/client";
import { district, districtRegistration } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { districtOwnerOnly, signedIn, superAdminOnly } from "../../http/access";
import type { Api } from "../../http/api";
import type { Actor } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { isDistrictNameTaken } from "../districts/state-names";
import { closeRegistration } from "./closing";
import { settleHeldValues } from "./pending-values";
import { registrations, tellRegistrant } from "./review";

const tag = "Registration";
const idParams = z.object({ id: uuidParam });

/** Moves a registration on from `from` (409 when it is elsewhere), with its audit row; answers it before and after. */
async function decide(
  tx: Tx,
  scope: StaffScope,
  actor: Actor,
  districtId: string,
  from: "AwaitingReview" | "ChangesRequested",
  set: Partial<typeof districtRegistration.$inferInsert>,
) {
  const [before] = await tx
    .select()
    .from(districtRegistration)
    .where(and(eq(districtRegistration.districtId, districtId), within(scope, districtRegistration)))
    .for("update");
  if (!before) throw notFound();
  if (before.status !== from) throw new AppError("conflict", from === "AwaitingReview" ? m.notAwaitingReview : m.notChangesRequested);
  const [after] = await tx
    .update(districtRegistration)
    .set(set)
    .where(and(eq(districtRegistration.districtId, districtId), within(scope, districtRegistration)))
    .returning();
  await recordAudit(tx, actor, `district.registration.${set.status ?? "update"}`, { id: districtId, districtId }, before, after);
  if (set.status === "Approved" || set.status === "ChangesRequested") await tellOwner(tx, scope, districtId, set.status, set.reason ?? "");
}

/** The district's owner hears of the review in their bell too (the e-mail may sit unread). */
async function tellOwner(tx: Tx, scope: StaffScope, districtId: string, status: "Approved" | "ChangesRequested", reason: string) {
  const [row] = await tx
    .select({ owner: district.ownerStaffId, name: district.name })
    .from(district)
    .where(and(eq(district.id, districtId), within(scope, district)));
  if (!row?.owner) return;
  const data =
    status === "Approved"
      ? ({ kind: "district.approved", district: row.name } as const)
      : ({ kind: "district.changes-requested", district: row.name, reason } as const);
  await notify(tx, [row.owner], data);
}

/**
 * The state's review of self-registered districts: super administrators approve a registration (the
 * district becomes Active) or ask for changes with a reason (it stays Unverified); its owner reads where
 * it stands on the review notice and, when asked, corrects the district's details and sends them back.
 * Suspension stays the super administrator's separate account-status action.
 */
export function registrationReviewRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/super-admin/registrations",
      summary: "The review queue: registrations with everything their registrant entered, oldest first (status AwaitingReview unless asked). RegistrationQueue",
      tag,
      access: superAdminOnly,
      query: z.object({ status: z._default(z.enum(registrationStatuses, { error: "Not a registration status." }), "AwaitingReview") }),
    },
    async (c, { query }) =>
      c.json({ registrations: await registrations(c.get("deps").db, c.get("scope"), { status: query.status }) } satisfies RegistrationQueue),
  );

  route(
    {
      method: "POST",
      path: "/super-admin/registrations/:id/approve",
      summary:
        "Approve a registration awaiting review: the district becomes Active, its registrant's phone and staff numbers move to their staff record, and they are told by e-mail. 409 when it is not awaiting review, when the district is not Unverified (a suspension is lifted only by the account-status action), or while another staff member holds the registrant's phone or a staff number (the queue's clashes)",
      tag,
      access: superAdminOnly,
      params: idParams,
    },
    async (c, { params }) => {
      const deps = c.get("deps");
      const scope = c.get("scope");
      const actor = c.get("actor");
      await deps.db.transaction(async (tx) => {
        await decide(tx, scope, actor, params.id, "AwaitingReview", { status: "Approved", reason: null, reviewedAt: new Date(), reviewedBy: actor.staffId });
        // Approval makes an Unverified district Active; it never lifts a suspension. Refused here, the decision is rolled back.
        const [current] = await tx
          .select({ accountStatus: district.accountStatus, stateId: district.stateId })
          .from(district)
          .where(and(eq(district.id, params.id), within(scope, district)))
          .for("update");
        if (current && current.accountStatus !== "Unverified") throw new AppError("conflict", approvalNeedsUnverified(current.accountStatus));
        if (current) await settleHeldValues(tx, scope, params.id, current.stateId);
        await tx
          .update(district)
          .set({ accountStatus: "Active", updatedAt: new Date() })
          .where(and(eq(district.id, params.id), within(scope, district), eq(district.accountStatus, "Unverified")));
      });
      const [item] = await registrations(deps.db, scope, { districtId: params.id });
      if (item) await tellRegistrant(deps, item, { approved: true });
      return c.json({ registration: item, message: m.approved });
    },
  );

  route(
    {
      method: "POST",
      path: "/super-admin/registrations/:id/request-changes",
      summary:
        "Ask for changes to a registration awaiting review, with a reason its registrant sees on the notice and by e-mail; the district stays Unverified. Body: { reason }",
      tag,
      access: superAdminOnly,
      params: idParams,
      body: requestChangesSchema,
    },
    async (c, { params, body }) => {
      const deps = c.get("deps");
      const scope = c.get("scope");
      const actor = c.get("actor");
      await deps.db.transaction((tx) =>
        decide(tx, scope, actor, params.id, "AwaitingReview", {
          status: "ChangesRequested",
          reason: body.reason,
          reviewedAt: new Date(),
          reviewedBy: actor.staffId,
        }),
      );
      const [item] = await registrations(deps.db, scope, { districtId: params.id });
      if (item) await tellRegistrant(deps, item, { reason: body.reason });
      return c.json({ registration: item, message: m.changesRequested });
    },
  );

  route(
    {
      method: "POST",
      path: "/super-admin/registrations/:id/reject",
      summary:
        "Reject a registration under review (awaiting review or sent back for changes), with a reason mailed to its applicant: it closes, and frees every unique value it held (the district's name, the e-mail, the username, the phone and staff numbers); the district and its owner are Suspended. Body: { reason }. 409 when it is no longer under review",
      tag,
      access: superAdminOnly,
      params: idParams,
      body: rejectSchema,
    },
    async (c, { params, body }) => {
      const deps = c.get("deps");
      const scope = c.get("scope");
      // Read before it closes: the mail goes to the address it was made with.
      const [item] = await registrations(deps.db, scope, { districtId: params.id });
      if (!item) throw notFound();
      await deps.db.transaction((tx) => closeRegistration(tx, scope, c.get("actor"), params.id, "Rejected", body.reason));
      await tellRegistrant(deps, item, { rejected: body.reason });
      return c.json({ message: m.rejected });
    },
  );

  route(
    {
      method: "POST",
      path: "/district/registration/withdraw",
      summary:
        "The owner withdraws their district's registration while it is under review: it closes and frees every unique value it held, and the owner is signed out (their account closes with it). 409 when it is no longer under review",
      tag,
      access: districtOwnerOnly(m.onlyOwnerWithdraws),
      shell: true,
    },
    async (c) => {
      const actor = c.get("actor");
      await c.get("deps").db.transaction((tx) => closeRegistration(tx, c.get("scope"), actor, actor.districtId, "Withdrawn", null));
      return c.json({ message: m.withdrawn });
    },
  );

  route(
    {
      method: "GET",
      path: "/district/registration",
      summary:
        "Where the caller's district stands with the state's review (the review notice reads it). OwnRegistration; null for a district that did not register itself",
      tag,
      access: signedIn,
      shell: true,
    },
    async (c) => {
      const actor = c.get("actor");
      const [row] = await c
        .get("deps")
        .db.select()
        .from(districtRegistration)
        .where(and(eq(districtRegistration.districtId, actor.districtId), within(c.get("scope"), districtRegistration)));
      const registration = row ? { status: row.status, reason: row.reason, submittedAt: row.submittedAt.toISOString() } : null;
      return c.json({ registration } satisfies OwnRegistration);
    },
  );

  route(
    {
      method: "PATCH",
      path: "/district/registration",
      summary:
        "The owner's corrected district details after the reviewers asked for changes: { name, address, phoneNumbers, emails }. The registration returns to the review queue. 409 when no changes were asked for, or the name is another district's",
      tag,
      access: districtOwnerOnly(m.onlyOwnerResubmits),
      shell: true,
      body: resubmissionSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const actor = c.get("actor");
      const nameTaken = () => new AppError("conflict", formInvalidMessage, [{ path: "name", message: districtMessages.nameTaken }]);
      await guardUnique("district_state_name_uq", nameTaken, () =>
        db.transaction(async (tx) => {
          await decide(tx, scope, actor, actor.districtId, "ChangesRequested", { status: "AwaitingReview", submittedAt: new Date() });
          const [before] = await tx
            .select()
            .from(district)
            .where(and(eq(district.id, actor.districtId), within(scope, district)));
          if (!before) throw notFound();
          if (await isDistrictNameTaken(tx, before, body.name)) throw nameTaken();
          const [after] = await tx
            .update(district)
            .set({ ...body, updatedAt: new Date(), version: before.version + 1 })
            .where(and(eq(district.id, before.id), within(scope, district)))
            .returning();
          await recordAudit(tx, actor, "district.update", { id: before.id, districtId: before.id }, before, after);
        }),
      );
      return c.json({ message: m.resubmitted });
    },
  );
}
