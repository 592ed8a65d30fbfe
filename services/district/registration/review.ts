import { and, asc, eq } from "drizzle-orm";
import type { RegistrationItem, RegistrationStatus } from "../../../lib/contract/registration";
import type { Reader } from "../../db/client";
import { district, districtRegistration, staff, statePortal } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import type { Deps } from "../../http/context";
import { imageLocation } from "../../../lib/contract/images";
import { buildTerminologies } from "../../../lib/contract/terminology";
import { pendingClashes } from "./pending-values";

/** Registrations in the scope (every district for a super administrator), oldest first: the review queue reads them in order. */
export async function registrations(db: Reader, scope: StaffScope, filter: { status?: RegistrationStatus; districtId?: string }): Promise<RegistrationItem[]> {
  const rows = await db
    .select({
      registration: districtRegistration,
      district,
      state: { id: statePortal.id, name: statePortal.name, terminologies: statePortal.terminologies },
      registrant: staff,
    })
    .from(districtRegistration)
    .innerJoin(district, and(eq(district.id, districtRegistration.districtId), within(scope, district)))
    .innerJoin(statePortal, eq(statePortal.id, district.stateId))
    .innerJoin(staff, and(eq(staff.id, districtRegistration.registrantStaffId), within(scope, staff)))
    .where(
      and(
        filter.status ? eq(districtRegistration.status, filter.status) : undefined,
        filter.districtId ? eq(districtRegistration.districtId, filter.districtId) : undefined,
        within(scope, districtRegistration),
      ),
    )
    .orderBy(asc(districtRegistration.submittedAt), asc(districtRegistration.districtId));
  const open = (status: RegistrationStatus) => status === "AwaitingReview" || status === "ChangesRequested";
  const clashes = await Promise.all(
    rows.map(({ registration: r, district: d }) => (open(r.status) ? pendingClashes(db, d.stateId, r.registrantStaffId, r) : Promise.resolve([]))),
  );
  return rows.map(({ registration: r, district: d, state, registrant: s }, i) => ({
    district: {
      id: d.id,
      name: d.name,
      address: d.address,
      phoneNumbers: d.phoneNumbers,
      emails: d.emails,
      state: { id: state.id, name: state.name, stateTerminologies: buildTerminologies(state.terminologies) },
      logo: d.logoId ? imageLocation(d.logoId).Location : null,
    },
    registrant: {
      id: s.id,
      title: s.title,
      firstName: s.firstName,
      lastName: s.lastName,
      middleName: s.middleName,
      email: s.email,
      // Until approval the registration holds these, not the staff record.
      phone: r.phoneNumber ? `${r.phoneCode ?? ""}${r.phoneNumber}` : `${s.phoneCode}${s.phoneNumber}`,
      username: s.username,
      oracleNumber: r.phoneNumber ? r.oracleNumber : s.oracleNumber,
      tescomNumber: r.phoneNumber ? r.tescomNumber : s.tescomNumber,
      gender: s.gender,
      dob: s.dob,
      address: s.address,
      stateOfOrigin: s.stateOfOrigin,
      localGovernmentOfOrigin: s.localGovernmentOfOrigin,
      stateOfResidence: s.stateOfResidence,
      localGovernmentOfResidence: s.localGovernmentOfResidence,
    },
    status: r.status,
    reason: r.reason,
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    clashes: clashes[i] ?? [],
  }));
}

/** Tells the registrant what the reviewers decided (sent once the decision is committed). */
export async function tellRegistrant(
  { db, mailer, config }: Deps,
  item: RegistrationItem,
  decision: { approved: true } | { reason: string } | { rejected: string },
) {
  const signIn = config.PORTAL_URL ? ` Sign in at ${new URL("/login", config.PORTAL_URL).toString()}.` : "";
  if ("rejected" in decision) {
    // Sent to the address the registration was made with: the account no longer has it once closed.
    await mailer.send(db, {
      to: item.registrant.email,
      subject: `${item.district.name} has not been approved`,
      body:
        `Dear ${item.registrant.firstName},\n\nThe state's reviewers have rejected the registration of ${item.district.name}:\n\n${decision.rejected}\n\n` +
        "The registration is closed and everything it held is free again: you may register anew.",
    });
    return;
  }
  await mailer.send(
    db,
    "approved" in decision
      ? {
          to: item.registrant.email,
          subject: `${item.district.name} has been approved`,
          body: `Dear ${item.registrant.firstName},\n\nThe state's reviewers have approved ${item.district.name}. Every operation of the portal is now available to its staff.${signIn}`,
        }
      : {
          to: item.registrant.email,
          subject: `Changes requested for ${item.district.name}`,
          body:
            `Dear ${item.registrant.firstName},\n\nThe state's reviewers ask for changes to ${item.district.name} before they approve it:\n\n${decision.reason}\n\n` +
            `Sign in, correct the district's details on the review notice and send them again.${signIn}`,
        },
  );
}
