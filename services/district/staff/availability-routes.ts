import * as z from "zod/mini";
import { requiredText } from "../../../lib/contract/fields";
import { takeAttempt } from "../../auth/rate-limit";
import { requires, requiresAny, type Access } from "../../http/access";
import type { Api } from "../../http/api";
import { isEmailTaken, isPhoneTaken, isUsernameTaken } from "./identity";

const valueParam = z.object({ value: requiredText(254) });

/**
 * Live checks for the staff form. They answer about every district (e-mail, phone and username are
 * unique across the product), so they are no directory: only for staff who create or update staff (usernames,
 * which only new staff get, for those who create them), in an Active district (not part of the shell: a
 * self-registered owner under review asks nothing), a limited number of questions per user per window
 * whatever address they come from. The registration page gets its own check, answered after its code.
 */
export function staffAvailabilityRoutes({ route }: Api) {
  const exists = (path: string, summary: string, access: Access, check: (db: Parameters<typeof isEmailTaken>[0], value: string) => Promise<boolean>) =>
    route({ method: "GET", path, summary, tag: "Staff", access, params: valueParam }, async (c, { params }) => {
      const { db, config } = c.get("deps");
      await takeAttempt(db, config.RATE_LIMIT_WINDOW_SECONDS, [[`availability:${c.get("actor").staffId}`, config.AVAILABILITY_LIMIT_PER_USER]]);
      return c.json({ exists: await check(db, params.value) });
    });
  exists("/staff/username-exists/:value", "Is a username taken? (staff.create; limited per user)", requires("staff.create"), isUsernameTaken);
  const staffForm = requiresAny("staff.create", "staff.update");
  exists("/staff/email-exists/:value", "Is an e-mail address taken? (staff.create or staff.update; limited per user)", staffForm, isEmailTaken);
  exists(
    "/staff/phone-number-exists/:value",
    "Is a phone number taken? Takes the ten digits, or +234 and the ten digits (staff.create or staff.update; limited per user)",
    staffForm,
    (db, value) => isPhoneTaken(db, { number: value }),
  );
}
