import { signInCodeRequestSchema, signInEnrolmentConfirmSchema, signInEnrolmentRequestSchema, type EnrolmentStart } from "../../../lib/contract/second-factor";
import type { AuthResult } from "../../../lib/contract/user";
import { authResultOf } from "../../auth/auth-result";
import { beginEnrolment, checkSecondFactor, confirmEnrolment } from "../../auth/second-factor";
import { verifyChallenge } from "../../auth/second-factor-challenge";
import { startSession } from "../../auth/sessions";
import { publicAccess } from "../../http/access";
import type { Api } from "../../http/api";

const tag = "Auth";

/**
 * The second step of a sign-in whose password was right (POST /auth/login answered a challenge instead of
 * tokens): a code, or, for an account that must have a second factor and has none, enrolment. Tokens are
 * issued only here. Public: the challenge is the proof of the first step.
 */
export function secondFactorSignInRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/auth/second-factor",
      summary:
        "Finish a sign-in with a code from the authenticator app or a recovery code (used up). Body: { challenge, code }. AuthResult; 400 for a wrong code (counted like a wrong password), 401 when the challenge has expired",
      tag,
      access: publicAccess,
      body: signInCodeRequestSchema,
    },
    async (c, { body }) => {
      const { db, config } = c.get("deps");
      const { label: _label, ...scope } = await verifyChallenge(config, body.challenge, "code");
      await checkSecondFactor(db, config, { staffId: scope.staffId, ip: c.get("clientIp") }, body.code, true);
      return c.json(await authResultOf(db, await startSession(db, config, scope)));
    },
  );

  route(
    {
      method: "POST",
      path: "/auth/second-factor/enrolment",
      summary:
        "Start the enrolment a super administrator or district owner must make at sign-in: a new secret. Body: { challenge }. EnrolmentStart { secret, uri, qrSvg }",
      tag,
      access: publicAccess,
      body: signInEnrolmentRequestSchema,
    },
    async (c, { body }) => {
      const { db, config } = c.get("deps");
      const who = await verifyChallenge(config, body.challenge, "enrol");
      return c.json((await beginEnrolment(db, who.staffId, who.label)) satisfies EnrolmentStart);
    },
  );

  route(
    {
      method: "POST",
      path: "/auth/second-factor/enrolment/confirm",
      summary:
        "Finish that enrolment with the app's first code, and the sign-in with it. Body: { challenge, code }. AuthResult with recoveryCodes (shown once); 400 for a wrong code",
      tag,
      access: publicAccess,
      body: signInEnrolmentConfirmSchema,
    },
    async (c, { body }) => {
      const { db, config } = c.get("deps");
      const { label: _label, ...scope } = await verifyChallenge(config, body.challenge, "enrol");
      const recoveryCodes = await confirmEnrolment(db, config, { staffId: scope.staffId, ip: c.get("clientIp") }, body.code);
      const result: AuthResult & { recoveryCodes: string[] } = { ...(await authResultOf(db, await startSession(db, config, scope))), recoveryCodes };
      return c.json(result);
    },
  );
}
