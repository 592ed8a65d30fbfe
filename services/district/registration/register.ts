import { randomUUID } from "node:crypto";
import { and, eq, gt, isNotNull } from "drizzle-orm";
import type { FieldIssue } from "../../../lib/contract/errors";
import { fieldMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { districtMessages } from "../../../lib/contract/district";
import { registrationMessages, VERIFIED_EMAIL_HOURS, type registrationSchema } from "../../../lib/contract/registration";
import type * as z from "zod/mini";
import { recordAudit } from "../../db/audit";
import type { Db, Tx } from "../../db/client";
import { sameName } from "../../db/names";
import { provisionDistrict } from "../../db/provision";
import { district, districtRegistration, resetCode, roleAccess, staff, statePortal } from "../../db/schema";
import { systemScope, within } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { AppError } from "../../http/errors";
import { saveImage } from "../../images/image-upload";
import type { normalizeImage } from "../../images/normalize-image";
import { placeIssues } from "../reference/places";
import { under } from "../staff/rules";
import { isEmailTaken, isUsernameTaken } from "../staff/identity";
import { pendingPhone } from "./pending-values";

/** No one is signed in and the district does not exist yet: its checks ask the whole state, its writes name it. */
const registering = systemScope("a district registers itself: no one is signed in, and the new district has no scope until it exists");

type Registration = z.output<typeof registrationSchema>;
type Image = Awaited<ReturnType<typeof normalizeImage>>;

const conflict = (issues: FieldIssue[]) => new AppError("conflict", formInvalidMessage, issues);

/**
 * Spends the registration's e-mail verification (verified within VERIFIED_EMAIL_HOURS): one verification, one
 * attempt, whatever its outcome, so a verified address cannot be used to probe the checks again and again.
 * Answers the verified address, or undefined when there is none to spend.
 */
async function spendVerification(db: Db | Tx, verificationId: string): Promise<string | undefined> {
  const since = new Date(Date.now() - VERIFIED_EMAIL_HOURS * 3600 * 1000);
  const [row] = await db
    .delete(resetCode)
    .where(and(eq(resetCode.id, verificationId), eq(resetCode.purpose, "registration"), isNotNull(resetCode.usedAt), gt(resetCode.usedAt, since)))
    .returning({ email: resetCode.newEmail });
  return row?.email ?? undefined;
}

/**
 * What the registration would take that another account or district holds, as per-field issues: the verified
 * e-mail, the username and the district's name. The phone and staff numbers are not asked here (the answer
 * would tell who holds them): they are held on the registration, not reserved, and checked at review.
 */
async function clashes(tx: Tx, input: Registration): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  if (await isEmailTaken(tx, input.staff.email)) issues.push({ path: "staff.email", message: fieldMessages.emailTaken });
  if (await isUsernameTaken(tx, input.staff.username)) issues.push({ path: "staff.username", message: registrationMessages.usernameTaken });
  const [sameNamed] = await tx
    .select({ id: district.id })
    .from(district)
    .where(and(eq(district.stateId, input.district.stateId), sameName(district.name, input.district.name), within(registering, district)))
    .limit(1);
  if (sameNamed) issues.push({ path: "district.name", message: districtMessages.nameTaken });
  return issues;
}

/**
 * Creates the district (Unverified) and its administrator (Active, its owner, holding its District
 * Administrator role), with what every district starts with (`provisionDistrict`), its logo, and its place
 * in the review queue: in one transaction, or none of it (architecture 'Registration'). The registrant's
 * phone and staff numbers wait on the registration until approval; their staff record holds a placeholder
 * phone meanwhile. A double submit finds its verification spent; the unique indexes are the backstop.
 */
export async function registerDistrict(
  db: Db,
  input: Registration,
  passwordHash: string,
  logo: Image | null,
): Promise<{ staffId: string; districtId: string }> {
  const email = input.staff.email.toLowerCase();
  if ((await spendVerification(db, input.verificationId))?.toLowerCase() !== email)
    throw new AppError("validation", formInvalidMessage, [{ path: "staff.email", message: registrationMessages.emailNotVerified }]);
  const badPlaces = placeIssues(input.staff);
  if (badPlaces.length > 0) throw new AppError("validation", formInvalidMessage, under("staff.", badPlaces));
  const [state] = await db.select({ id: statePortal.id }).from(statePortal).where(eq(statePortal.id, input.district.stateId));
  if (!state) throw new AppError("validation", formInvalidMessage, [{ path: "district.stateId", message: registrationMessages.stateUnknown }]);

  const write = () =>
    db.transaction(async (tx) => {
      const id = randomUUID();
      const found = await clashes(tx, input);
      if (found.length > 0) throw conflict(found);
      const { username, password: _password, phoneCode, phoneNumber, oracleNumber, tescomNumber, ...details } = input.staff;
      const [created] = await tx
        .insert(district)
        .values({
          stateId: state.id,
          name: input.district.name,
          address: input.district.address,
          phoneNumbers: input.district.phoneNumbers,
          emails: input.district.emails,
          accountStatus: "Unverified",
        })
        .returning();
      if (!created) throw new Error("district insert returned nothing");
      const [admin] = await tx
        .insert(staff)
        .values({
          ...details,
          ...pendingPhone(id),
          id,
          email,
          username,
          passwordHash,
          districtId: created.id,
          staffType: "Non-Teaching",
          accountStatus: "Active",
        })
        .returning();
      if (!admin) throw new Error("staff insert returned nothing");
      const { adminRole } = await provisionDistrict(tx, created.id);
      await tx
        .insert(roleAccess)
        .values({ staffId: admin.id, districtId: created.id, organizationType: "District", organizationId: created.id, roleId: adminRole.id });
      const logoId = logo ? await saveImage(tx, created.id, admin.id, logo) : null;
      const [owned] = await tx
        .update(district)
        .set({ ownerStaffId: admin.id, logoId })
        .where(and(eq(district.id, created.id), within(registering, district)))
        .returning();
      await tx.insert(districtRegistration).values({ districtId: created.id, registrantStaffId: admin.id, phoneCode, phoneNumber, oracleNumber, tescomNumber });
      const actor = { staffId: admin.id };
      await recordAudit(tx, actor, "district.register", { id: created.id, districtId: created.id }, null, owned);
      await recordAudit(tx, actor, "staff.create", { id: admin.id, districtId: created.id }, null, { ...admin, passwordHash: undefined });
      return { staffId: admin.id, districtId: created.id };
    });

  // A twin that slipped past the checks meets the unique indexes: the same answer as the check's.
  const issue = (path: string, message: string) => () => conflict([{ path, message }]);
  return guardUnique("staff_email_uq", issue("staff.email", fieldMessages.emailTaken), () =>
    guardUnique("staff_username_uq", issue("staff.username", registrationMessages.usernameTaken), () =>
      guardUnique("district_state_name_uq", issue("district.name", districtMessages.nameTaken), write),
    ),
  );
}
