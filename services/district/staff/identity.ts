import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Reader, Tx } from "../../db/client";
import { district, staff } from "../../db/schema";
import { systemScope, within } from "../../db/scope";

/**
 * E-mail, phone number and username identify a person across the whole product (one sign-in), so
 * whether one is taken is asked of every district: the one place staff queries cross districts.
 */
const everyDistrict = systemScope("e-mail, phone and username are unique across the product, staff numbers across the state");

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

/**
 * Oracle and staff numbers are unique within the state portal (architecture 'Staff'), so they too are
 * asked of every district, of the state's. Returns which of the given numbers (lower-cased, trimmed)
 * are taken, by kind.
 */
export async function takenStaffNumbers(
  db: Reader,
  stateId: string,
  numbers: { oracleNumber: string[]; tescomNumber: string[] },
  exceptId?: string,
): Promise<{ oracleNumber: Set<string>; tescomNumber: Set<string> }> {
  const oracles = numbers.oracleNumber.map(normalNumber);
  const tescoms = numbers.tescomNumber.map(normalNumber);
  const taken = { oracleNumber: new Set<string>(), tescomNumber: new Set<string>() };
  if (oracles.length === 0 && tescoms.length === 0) return taken;
  const rows = await db
    .select({ oracle: sql<string | null>`lower(btrim(${staff.oracleNumber}))`, tescom: sql<string | null>`lower(btrim(${staff.tescomNumber}))` })
    .from(staff)
    .innerJoin(district, and(eq(district.id, staff.districtId), within(everyDistrict, district)))
    .where(
      and(
        eq(district.stateId, stateId),
        or(
          oracles.length > 0 ? inArray(sql`lower(btrim(${staff.oracleNumber}))`, oracles) : undefined,
          tescoms.length > 0 ? inArray(sql`lower(btrim(${staff.tescomNumber}))`, tescoms) : undefined,
        ),
        exceptId ? ne(staff.id, exceptId) : undefined,
        within(everyDistrict, staff),
      ),
    );
  for (const row of rows) {
    if (row.oracle && oracles.includes(row.oracle)) taken.oracleNumber.add(row.oracle);
    if (row.tescom && tescoms.includes(row.tescom)) taken.tescomNumber.add(row.tescom);
  }
  return taken;
}

export const normalNumber = (value: string) => value.trim().toLowerCase();

/**
 * Serialises the writes that give out staff numbers in one state (no unique index can span the state's
 * districts): held to the end of the transaction, so two concurrent creates cannot both pass the check.
 */
export async function lockStaffNumbers(tx: Tx, stateId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-numbers:${stateId}`}))`);
}

/** Of these e-mail addresses (any case), the ones an account already has, lower-cased: a thousand to a statement. */
export async function takenEmails(db: Reader, emails: string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  const taken = new Set<string>();
  for (let i = 0; i < wanted.length; i += 1_000) {
    const rows = await db
      .select({ email: sql<string>`lower(${staff.email})` })
      .from(staff)
      .where(and(inArray(sql`lower(${staff.email})`, wanted.slice(i, i + 1_000)), within(everyDistrict, staff)));
    for (const row of rows) taken.add(row.email);
  }
  return taken;
}

/** Of these phone numbers ('+234 8031234567'), the ones an account already has: a thousand to a statement. */
export async function takenPhones(db: Reader, phones: string[]): Promise<Set<string>> {
  const wanted = new Set(phones);
  const numbers = [...new Set(phones.map((p) => p.split(" ")[1] ?? ""))];
  const taken = new Set<string>();
  for (let i = 0; i < numbers.length; i += 1_000) {
    const rows = await db
      .select({ code: staff.phoneCode, number: staff.phoneNumber })
      .from(staff)
      .where(and(inArray(staff.phoneNumber, numbers.slice(i, i + 1_000)), within(everyDistrict, staff)));
    for (const row of rows) if (wanted.has(`${row.code} ${row.number}`)) taken.add(`${row.code} ${row.number}`);
  }
  return taken;
}
