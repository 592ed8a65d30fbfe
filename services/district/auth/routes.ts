import { and, eq, or, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { loginRequestSchema, refreshRequestSchema } from "../../../lib/contract/auth";
import { upTo } from "../../../lib/contract/fields";
import { authMessages } from "../../../lib/contract/messages";
import { hashToken } from "../../auth/tokens";
import { takeAttempt } from "../../auth/rate-limit";
import { verifyPassword } from "../../auth/password";
import { endSession, rotateSession, startSession } from "../../auth/sessions";
import { authResultOf } from "../../auth/auth-result";
import { buildSignedInUser } from "../../auth/signed-in-user";
import { district, roleAccess, staff } from "../../db/schema";
import { secondStepOf } from "../second-factor/sign-in-step";
import type { Db } from "../../db/client";
import { publicAccess, signedIn } from "../../http/access";
import type { Api } from "../../http/api";
import { AppError } from "../../http/errors";
import { systemScope, within } from "../../db/scope";

/** Crosses districts by design: sign-in finds the account by e-mail or username. */
const system = systemScope("sign-in finds the account by e-mail or username");

const statusRefusal: Record<string, string> = {
  Suspended: authMessages.accountSuspended,
  ResetPassword: authMessages.mustResetPassword,
  Unverified: authMessages.accountUnverified,
};

/** Sign-in works in the district organisation when the staff member holds a role there, else their first role's. */
async function defaultOrganization(db: Db, staffId: string, districtId: string): Promise<string> {
  const rows = await db
    .select({ organizationId: roleAccess.organizationId, type: roleAccess.organizationType })
    .from(roleAccess)
    .where(and(eq(roleAccess.staffId, staffId), within(system, roleAccess)));
  const own = rows.filter((r) => r.organizationId === districtId || r.type !== "District");
  return (own.find((r) => r.type === "District") ?? own[0])?.organizationId ?? districtId;
}

export function authRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/auth/login",
      summary:
        "Sign in with an e-mail or username and a password. AuthResult; or, for an account with a second factor (or one that must set it up), SecondStep { secondFactor: 'code' | 'enrol', challenge } for POST /auth/second-factor (or its enrolment), unless a right `code` came with the password",
      tag: "Auth",
      access: publicAccess,
      body: loginRequestSchema,
    },
    async (c, { body }) => {
      const { db, config } = c.get("deps");
      const identifier = body.identifier.trim().toLowerCase();
      const ipKey = `login:ip:${c.get("clientIp")}`;
      const accountKey = `login:account:${hashToken(identifier)}`;
      const window = config.RATE_LIMIT_WINDOW_SECONDS;
      // Counted before the password is checked; only a failure keeps counting.
      const refund = await takeAttempt(db, window, [
        [ipKey, config.LOGIN_LIMIT_PER_IP],
        [accountKey, config.LOGIN_LIMIT_PER_ACCOUNT],
      ]);
      const [found] = await db
        .select()
        .from(staff)
        .where(and(or(eq(sql`lower(${staff.email})`, identifier), eq(sql`lower(${staff.username})`, identifier)), within(system, staff)));
      if (!(await verifyPassword(found?.passwordHash, body.password)) || !found) {
        throw new AppError("unauthenticated", authMessages.invalidCredentials);
      }
      await refund();
      const refusal = statusRefusal[found.accountStatus];
      if (refusal) throw new AppError("forbidden", refusal);
      const organizationId = await defaultOrganization(db, found.id, found.districtId);
      const scope = { staffId: found.id, districtId: found.districtId, organizationId };
      const [own] = await db
        .select({ ownerStaffId: district.ownerStaffId, accountStatus: district.accountStatus })
        .from(district)
        .where(and(eq(district.id, found.districtId), within(system, district)));
      // As for every request (services/auth/authenticate.ts): an owner whose registration is under review sets it up once approved.
      const mustHave = found.isSuperAdmin || (own?.ownerStaffId === found.id && own.accountStatus !== "Unverified");
      const label = found.email ?? found.username ?? "";
      const step = await secondStepOf(db, config, { ...scope, label, mustHave, ip: c.get("clientIp") }, body.code);
      if (step) return c.json(step);
      const tokens = await startSession(db, config, scope);
      return c.json(await authResultOf(db, tokens));
    },
  );

  route(
    {
      method: "POST",
      path: "/token/refresh-token",
      summary: "Rotate a refresh token for a new token pair",
      tag: "Auth",
      access: publicAccess,
      body: refreshRequestSchema,
    },
    async (c, { body }) => {
      const { db, config } = c.get("deps");
      const tokens = await rotateSession(db, config, body.refreshToken);
      return c.json(await authResultOf(db, tokens));
    },
  );

  route(
    {
      method: "POST",
      path: "/auth/logout",
      summary: "End the session of a refresh token",
      tag: "Auth",
      access: publicAccess,
      body: z.object({ refreshToken: upTo(512) }),
    },
    async (c, { body }) => {
      await endSession(c.get("deps").db, body.refreshToken);
      return c.json({ message: "Logged out" });
    },
  );

  route({ method: "GET", path: "/auth/me", summary: "The signed-in user", tag: "Auth", access: signedIn, shell: true }, async (c) => {
    const actor = c.get("actor");
    return c.json(await buildSignedInUser(c.get("deps").db, actor));
  });
}
