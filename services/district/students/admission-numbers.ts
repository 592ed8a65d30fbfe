import { and, inArray, sql } from "drizzle-orm";
import { admissionNumberOf } from "../../../lib/contract/configuration-values";
import type { Reader, Tx } from "../../db/client";
import { admissionSequence, student } from "../../db/schema";
import { withinDistrict, type StaffScope } from "../../db/scope";
import { configurationOf } from "../configuration/queries";

/** An admission number as the district's unique index compares it (`lower(btrim(…))`). */
export const admissionKey = (value: string | null | undefined) => (value ?? "").trim().toLowerCase();

/** The year of admission of a date of admission (YYYY-MM-DD): what {YYYY} and the sequence go by. */
export const admissionYearOf = (dateOfAdmission: string) => Number(dateOfAdmission.slice(0, 4));

/** Of these keys (`admissionKey`), the ones a pupil of the scope's district already has, whoever may see that pupil. */
export async function takenAdmissionNumbers(db: Reader, scope: StaffScope, keys: string[]): Promise<Set<string>> {
  const wanted = [...new Set(keys.filter(Boolean))];
  if (wanted.length === 0) return new Set();
  const taken = new Set<string>();
  for (let i = 0; i < wanted.length; i += 5_000) {
    const rows = await db
      .select({ key: sql<string>`lower(btrim(${student.admissionNumber}))` })
      .from(student)
      .where(and(withinDistrict(scope, student), inArray(sql`lower(btrim(${student.admissionNumber}))`, wanted.slice(i, i + 5_000))));
    for (const r of rows) taken.add(r.key);
  }
  return taken;
}

/**
 * Takes the next `n` of the district's sequence for `year` in one statement, whose row lock holds every
 * other admission of that district and year until this transaction ends: the first of the block taken.
 */
async function takeSequence(tx: Tx, districtId: string, year: number, n: number): Promise<number> {
  const [row] = await tx
    .insert(admissionSequence)
    .values({ districtId, year, last: n })
    .onConflictDoUpdate({ target: [admissionSequence.districtId, admissionSequence.year], set: { last: sql`${admissionSequence.last} + ${n}` } })
    .returning({ last: admissionSequence.last });
  if (!row) throw new Error("admission sequence returned nothing");
  return row.last - n + 1;
}

/**
 * The next admission numbers of the district's pattern (configuration `admissionNumberPattern`), `wanted`
 * of them per year of admission, each year's taken from its sequence. A number a pupil already has (typed
 * by hand), that `reserved` holds (hand-typed numbers of the same upload, not yet written) or that another
 * year gave (a pattern without the year) is skipped: more are taken until every one is free. One question
 * for the taken numbers of every year at once. Must run in the transaction that writes the pupils.
 */
async function numbersByYear(
  tx: Tx,
  scope: StaffScope,
  pattern: string,
  wanted: Map<number, number>,
  reserved: ReadonlySet<string> = new Set(),
): Promise<Map<number, string[]>> {
  const given = new Map<number, string[]>([...wanted.keys()].map((year) => [year, []]));
  const used = new Set<string>();
  // Years in order, so concurrent admissions take the sequences' locks in the same order.
  const years = [...wanted.keys()].sort((a, b) => a - b);
  for (;;) {
    const candidates: { year: number; number: string }[] = [];
    for (const year of years) {
      const missing = (wanted.get(year) ?? 0) - (given.get(year)?.length ?? 0);
      if (missing <= 0) continue;
      const first = await takeSequence(tx, scope.districtId, year, missing);
      for (let i = 0; i < missing; i++) candidates.push({ year, number: admissionNumberOf(pattern, year, first + i) });
    }
    if (candidates.length === 0) return given;
    const taken = await takenAdmissionNumbers(
      tx,
      scope,
      candidates.map((c) => admissionKey(c.number)),
    );
    for (const { year, number } of candidates) {
      const key = admissionKey(number);
      if (taken.has(key) || reserved.has(key) || used.has(key)) continue;
      used.add(key);
      given.get(year)?.push(number);
    }
  }
}

/** The next `count` admission numbers for a year of admission (see `numbersByYear`). */
export async function nextAdmissionNumbers(tx: Tx, scope: StaffScope, year: number, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const pattern = (await configurationOf(tx, scope)).admissionNumberPattern;
  return (await numbersByYear(tx, scope, pattern, new Map([[year, count]]))).get(year) ?? [];
}

/**
 * Admission numbers for the pupils that have none, in their order, each by its year of admission: one
 * block of the sequence per year, however many pupils; `reserved` as for `numbersByYear`.
 */
export async function fillAdmissionNumbers<T extends { admissionNumber: string | null; dateOfAdmission: string }>(
  tx: Tx,
  scope: StaffScope,
  pupils: T[],
  reserved?: ReadonlySet<string>,
): Promise<(T & { admissionNumber: string })[]> {
  const wanted = new Map<number, number>();
  for (const p of pupils) {
    if (p.admissionNumber) continue;
    const year = admissionYearOf(p.dateOfAdmission);
    wanted.set(year, (wanted.get(year) ?? 0) + 1);
  }
  if (wanted.size === 0) return pupils.map((p) => ({ ...p, admissionNumber: p.admissionNumber ?? "" }));
  const pattern = (await configurationOf(tx, scope)).admissionNumberPattern;
  const given = await numbersByYear(tx, scope, pattern, wanted, reserved);
  const next = new Map([...given.keys()].map((year) => [year, 0]));
  return pupils.map((p) => {
    if (p.admissionNumber) return { ...p, admissionNumber: p.admissionNumber };
    const year = admissionYearOf(p.dateOfAdmission);
    const k = next.get(year) ?? 0;
    next.set(year, k + 1);
    return { ...p, admissionNumber: given.get(year)?.[k] ?? "" };
  });
}
