import { and, eq } from "drizzle-orm";
import { registrationMessages as m, type PendingValue } from "../../../lib/contract/registration";
import type { Reader, Tx } from "../../db/client";
import { districtRegistration, staff } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { guardUnique } from "../../db/unique-violation";
import { AppError } from "../../http/errors";
import { isPhoneTaken, lockStaffNumbers, takenStaffNumbers } from "../staff/identity";

/**
 * A registrant's phone and staff numbers are held on their registration, not on their staff record, until
 * a reviewer approves it (issue 35): a registration reserves none of them against staff. The record's phone
 * must be unique across the product, so it carries a placeholder of its own id meanwhile, which no real
 * number can equal and no check by number finds.
 */
export const PENDING_PHONE_CODE = "pending";

export const pendingPhone = (staffId: string) => ({ phoneCode: PENDING_PHONE_CODE, phoneNumber: staffId });

type Held = Pick<typeof districtRegistration.$inferSelect, "phoneCode" | "phoneNumber" | "oracleNumber" | "tescomNumber">;

/** Which of the registration's held values another staff member of the product (phone) or the state (numbers) holds now. */
export async function pendingClashes(db: Reader, stateId: string, registrantId: string, held: Held): Promise<PendingValue[]> {
  const clashes: PendingValue[] = [];
  if (held.phoneNumber && (await isPhoneTaken(db, { code: held.phoneCode ?? undefined, number: held.phoneNumber }, registrantId))) clashes.push("phoneNumber");
  const numbers = { oracleNumber: held.oracleNumber ? [held.oracleNumber] : [], tescomNumber: held.tescomNumber ? [held.tescomNumber] : [] };
  const taken = await takenStaffNumbers(db, stateId, numbers, registrantId);
  if (taken.oracleNumber.size > 0) clashes.push("oracleNumber");
  if (taken.tescomNumber.size > 0) clashes.push("tescomNumber");
  return clashes;
}

/**
 * At approval, the held values move to the registrant's staff record, or the approval is refused (409 naming
 * them) while another staff member holds one: the reviewer rejects it, or approves once the clash is gone.
 * Serialised with every other giving out of the state's staff numbers; the phone's unique index is the backstop.
 */
export async function settleHeldValues(tx: Tx, scope: StaffScope, districtId: string, stateId: string) {
  await lockStaffNumbers(tx, stateId);
  const [row] = await tx
    .select()
    .from(districtRegistration)
    .where(and(eq(districtRegistration.districtId, districtId), within(scope, districtRegistration)));
  if (!row?.phoneNumber) return;
  const clashes = await pendingClashes(tx, stateId, row.registrantStaffId, row);
  const refusal = (found: PendingValue[]) => new AppError("conflict", m.heldValueClash(found));
  if (clashes.length > 0) throw refusal(clashes);
  await guardUnique(
    "staff_phone_uq",
    () => refusal(["phoneNumber"]),
    () =>
      tx
        .update(staff)
        .set({
          phoneCode: row.phoneCode ?? "+234",
          phoneNumber: row.phoneNumber ?? "",
          oracleNumber: row.oracleNumber,
          tescomNumber: row.tescomNumber,
          updatedAt: new Date(),
        })
        .where(and(eq(staff.id, row.registrantStaffId), within(scope, staff))),
  );
  await tx
    .update(districtRegistration)
    .set({ phoneCode: null, phoneNumber: null, oracleNumber: null, tescomNumber: null })
    .where(and(eq(districtRegistration.districtId, districtId), within(scope, districtRegistration)));
}
