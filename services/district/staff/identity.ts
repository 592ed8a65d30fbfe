import { and, eq, ne, sql } from "drizzle-orm";
import type { Reader } from "../../db/client";
import { staff } from "../../db/schema";
import { systemScope, within } from "../../db/scope";

/**
 * E-mail, phone number and username identify a person across the whole product (one sign-in), so
 * whether one is taken is asked of every district: the one place staff queries cross districts.
 */
const everyDistrict = systemScope("e-mail, phone and username are unique across the product");

async function taken(db: Reader, match: ReturnType<typeof eq>, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(match, exceptId ? ne(staff.id, exceptId) : undefined, within(everyDistrict, staff)))
    .limit(1);
  return Boolean(row);
}

export const isEmailTaken = (db: Reader, email: string, exceptId?: string) => taken(db, eq(sql`lower(${staff.email})`, email.toLowerCase()), exceptId);
export const isUsernameTaken = (db: Reader, username: string) => taken(db, eq(sql`lower(${staff.username})`, username.toLowerCase()));

/** Takes the ten digits, or a code and the ten digits (+234…); without a code, any code matches. */
export function isPhoneTaken(db: Reader, phone: { code?: string; number: string }, exceptId?: string) {
  const digits = phone.number.replace(/\D/g, "");
  const number = digits.length > 10 ? digits.slice(-10) : digits;
  return taken(db, and(eq(staff.phoneNumber, number), phone.code ? eq(staff.phoneCode, phone.code) : undefined) as ReturnType<typeof eq>, exceptId);
}
