import * as z from "zod/mini";
import { requiredText } from "../../../lib/contract/fields";
import { takeAttempt } from "../../auth/rate-limit";
import { requires, signedIn, type Access } from "../../http/access";
import type { Api } from "../../http/api";
import { isEmailTaken, isPhoneTaken, isUsernameTaken } from "./identity";

const valueParam = z.object({ value: requiredText(254) });

/**
 * Live checks for the staff form. They answer about every district (e-mail, phone and username are
 * unique across the product), so they are no directory: signed-in staff only, a limited number of
 * questions per user per window whatever address they come from, and usernames (which only new staff
 * get) only for those who create staff. The registration page gets its own public check.
 */
export function staffAvailabilityRoutes({ route }: Api) {
  const exists = (path: string, summary: string, access: Access, check: (db: Parameters<typeof isEmailTaken>[0], value: string) => Promise<boolean>) =>
    // The profile form asks the e-mail and phone checks, so they are part of the shell.
    route({ method: "GET", path, summary, tag: "Staff", access, shell: true, params: valueParam }, async (c, { params }) => {
      const { db, config } = c.get("deps");
      await takeAttempt(db, config.RATE_LIMIT_WINDOW_SECONDS, [[`availability:${c.get("actor").staffId}`, config.AVAILABILITY_LIMIT_PER_USER]]);
      return c.json({ exists: await check(db, params.value) });
    });
  exists("/staff/username-exists/:value", "Is a username taken? (staff.create; limited per user)", requires("staff.create"), isUsernameTaken);
  exists("/staff/email-exists/:value", "Is an e-mail address taken? (limited per user)", signedIn, isEmailTaken);
  exists(
    "/staff/phone-number-exists/:value",
    "Is a phone number taken? Takes the ten digits, or +234 and the ten digits (limited per user)",
    signedIn,
    (db, value) => isPhoneTaken(db, { number: value }),
  );
}
