import type { Tx } from "../../db/client";
import type { Deps } from "../../http/context";
import { codeMail, issueInvitationCodes } from "../../auth/one-time-code";
import { codeScreenPath } from "../../../lib/contract/paths";

/**
 * New staff members' invitations (architecture 'Staff'): they start as ResetPassword and set their first
 * password with a 6-digit code that lives 72 hours, on the code screen the link opens with their e-mail
 * filled in. The codes are issued and the mails written to the outbox in the caller's transaction (one or a
 * whole import at once): they go out once it commits, and never if it rolls back. The caller nudges the
 * sender after the commit.
 */
export async function inviteAll(
  tx: Tx,
  { config, mailer }: Pick<Deps, "config" | "mailer">,
  people: { id: string; email: string; firstName: string }[],
  districtName: string,
): Promise<void> {
  const codes = await issueInvitationCodes(
    tx,
    config,
    people.map((p) => p.id),
  );
  const mails = people.map((who) => {
    const path = `${codeScreenPath}?email=${encodeURIComponent(who.email)}`;
    const link = config.PORTAL_URL ? new URL(path, config.PORTAL_URL).toString() : path;
    return codeMail(config, {
      to: who.email,
      subject: `You have been added to ${districtName} on the district portal`,
      lead: `Dear ${who.firstName},\n\nAn account has been made for you on the ${districtName} district portal. To set your password, open ${link} and enter your code there. Your code is`,
      code: codes.get(who.id) ?? "",
      purpose: "invitation",
      after: "Once your password is set, sign in with this e-mail address.",
    });
  });
  await mailer.enqueue(tx, mails);
}
