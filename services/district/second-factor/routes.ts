import { and, eq } from "drizzle-orm";
import {
  appCodeFormSchema,
  codeFormSchema,
  secondFactorMessages,
  staffIdParams,
  type EnrolmentStart,
  type RecoveryCodes,
  type SecondFactorStatus,
} from "../../../lib/contract/second-factor";
import { recordAudit } from "../../db/audit";
import { staff } from "../../db/schema";
import { within } from "../../db/scope";
import { beginEnrolment, checkSecondFactor, confirmEnrolment, recoveryCodesLeft, removeSecondFactor, secondFactorOn } from "../../auth/second-factor";
import { revokeAllSessions } from "../../auth/sessions";
import { signedIn, superAdminOnly } from "../../http/access";
import type { Api } from "../../http/api";
import type { Actor } from "../../http/context";
import { AppError, notFound } from "../../http/errors";

const tag = "Auth";

/** Super administrators and district owners must keep a second factor: they cannot turn it off themselves. */
const mustKeep = (actor: Actor) => actor.isSuperAdmin || actor.isDistrictOwner;

/**
 * Two-step sign-in from the profile, for every staff member (shell: staff of a district not yet Active too),
 * and its reset by a super administrator for someone who lost their app and their recovery codes.
 */
export function secondFactorRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/profile/second-factor",
      summary: "Whether one's two-step sign-in is on. SecondFactorStatus { enabled, required, recoveryCodesLeft }",
      tag,
      access: signedIn,
      shell: true,
    },
    async (c) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const status: SecondFactorStatus = {
        enabled: await secondFactorOn(db, actor.staffId),
        required: mustKeep(actor),
        recoveryCodesLeft: await recoveryCodesLeft(db, actor.staffId),
      };
      return c.json(status);
    },
  );

  route(
    {
      method: "POST",
      path: "/profile/second-factor/enrolment",
      summary: "Start turning two-step sign-in on: a new secret. EnrolmentStart { secret, uri, qrSvg }; 409 when it is on",
      tag,
      access: signedIn,
      shell: true,
    },
    async (c) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const [me] = await db
        .select({ email: staff.email, username: staff.username })
        .from(staff)
        .where(and(eq(staff.id, actor.staffId), within(c.get("scope"), staff)));
      return c.json((await beginEnrolment(db, actor.staffId, me?.email ?? me?.username ?? "")) satisfies EnrolmentStart);
    },
  );

  route(
    {
      method: "POST",
      path: "/profile/second-factor/enrolment/confirm",
      summary: "Turn two-step sign-in on with the app's first code. Body: { code }. RecoveryCodes { recoveryCodes } (shown once); 400 for a wrong code",
      tag,
      access: signedIn,
      shell: true,
      body: appCodeFormSchema,
    },
    async (c, { body }) => {
      const { db, config } = c.get("deps");
      const actor = c.get("actor");
      const recoveryCodes = await confirmEnrolment(db, config, { staffId: actor.staffId, ip: c.get("clientIp") }, body.code);
      await recordAudit(
        db,
        actor,
        "staff.second-factor-on",
        { id: actor.staffId, districtId: actor.districtId },
        { twoStepSignIn: false },
        { twoStepSignIn: true },
      );
      return c.json({ recoveryCodes } satisfies RecoveryCodes);
    },
  );

  route(
    {
      method: "POST",
      path: "/profile/second-factor/off",
      summary: "Turn two-step sign-in off with a code (or a recovery code). Body: { code }. 409 for super administrators and district owners, who must keep it",
      tag,
      access: signedIn,
      shell: true,
      body: codeFormSchema,
    },
    async (c, { body }) => {
      const { db, config } = c.get("deps");
      const actor = c.get("actor");
      if (mustKeep(actor)) throw new AppError("conflict", secondFactorMessages.required);
      await checkSecondFactor(db, config, { staffId: actor.staffId, ip: c.get("clientIp") }, body.code, true);
      await db.transaction(async (tx) => {
        await removeSecondFactor(tx, actor.staffId);
        await recordAudit(
          tx,
          actor,
          "staff.second-factor-off",
          { id: actor.staffId, districtId: actor.districtId },
          { twoStepSignIn: true },
          { twoStepSignIn: false },
        );
      });
      return c.json({ message: secondFactorMessages.turnedOff });
    },
  );

  route(
    {
      method: "POST",
      path: "/staff/:staffId/second-factor/reset",
      summary:
        "Reset a staff member's two-step sign-in (a lost phone and lost recovery codes): it is removed and their sessions end; a super administrator or district owner sets it up again at their next sign-in. Audited. 409 when it is not on",
      tag: "Staff",
      access: superAdminOnly,
      params: staffIdParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const [target] = await db
        .select({ id: staff.id, districtId: staff.districtId })
        .from(staff)
        .where(and(eq(staff.id, params.staffId), within(c.get("scope"), staff)));
      if (!target) throw notFound();
      const removed = await db.transaction(async (tx) => {
        if (!(await removeSecondFactor(tx, target.id))) return false;
        await recordAudit(tx, actor, "staff.second-factor-reset", target, { twoStepSignIn: true }, { twoStepSignIn: false });
        return true;
      });
      if (!removed) throw new AppError("conflict", secondFactorMessages.notOn);
      await revokeAllSessions(db, target.id);
      return c.json({ message: secondFactorMessages.reset });
    },
  );
}
