import { z } from "zod";
import { signedIn } from "../../http/access";
import type { Api } from "../../http/api";
import { isEmailTaken, isPhoneTaken, isUsernameTaken } from "./identity";

const valueParam = z.object({ value: z.string().trim().min(1).max(254) });

/** Live checks for the staff form. They answer signed-in staff only, so they cannot be used to find out who has an account. */
export function staffAvailabilityRoutes({ route }: Api) {
  const exists = (path: string, summary: string, check: (db: Parameters<typeof isEmailTaken>[0], value: string) => Promise<boolean>) =>
    // The profile form asks them, so they are part of the shell.
    route({ method: "GET", path, summary, tag: "Staff", access: signedIn, shell: true, params: valueParam }, async (c, { params }) =>
      c.json({ exists: await check(c.get("deps").db, params.value) }),
    );
  exists("/staff/username-exists/:value", "Is a username taken?", isUsernameTaken);
  exists("/staff/email-exists/:value", "Is an e-mail address taken?", isEmailTaken);
  exists("/staff/phone-number-exists/:value", "Is a phone number taken? Takes the ten digits, or +234 and the ten digits", (db, value) =>
    isPhoneTaken(db, { number: value }),
  );
}
