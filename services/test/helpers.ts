import { and, asc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { ApiErrorBody } from "../../lib/contract/errors";
import { auditLog, role, staff } from "../db/schema";
import type { TestApi } from "./harness";

export type ErrorBody = ApiErrorBody & { code: string };

/** Stack frames, file paths, SQL and driver names: none of these may reach a client. */
const leak = /\bat \S+ \(|node_modules|\.[jt]s:\d+|\bselect\b[^"]*\bfrom\b|\binsert into\b|\bupdate \w+ set\b|postgres|pglite|drizzle|violates|constraint/i;

export function expectNoLeak(text: string) {
  expect(text).not.toMatch(leak);
}

/** Asserts status and exact message of an error answer, that it leaks nothing, and returns its body. */
export async function expectError(response: Response, status: number, message: string): Promise<ErrorBody> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expectNoLeak(text);
  const body = JSON.parse(text) as ErrorBody;
  expect(body.message).toBe(message);
  return body;
}

/** Asserts a 2xx answer and returns its JSON body as T. */
export async function expectOk<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** The staff row of a seeded e-mail address (case-insensitive); fails the test when there is none. */
export async function staffRow(api: TestApi, email: string) {
  const [row] = await api.db
    .select()
    .from(staff)
    .where(eq(sql`lower(${staff.email})`, email.toLowerCase()));
  if (!row) throw new Error(`no seeded staff ${email}`);
  return row;
}

/** The value, or a failed test when it is missing (a row the test made or the seed holds). */
export function present<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}`);
  return value;
}

/** A fresh random UUID, for paths that need an id that exists nowhere. */
export const randomId = () => crypto.randomUUID();

/** A role row by district and exact name; fails the test when there is none. */
export async function roleRow(api: TestApi, districtId: string, name: string) {
  const [row] = await api.db
    .select()
    .from(role)
    .where(and(eq(role.districtId, districtId), eq(role.name, name)));
  if (!row) throw new Error(`no role ${name} in ${districtId}`);
  return row;
}

/** The audit entries of one record, oldest first. */
export const auditOf = (api: TestApi, recordId: string) => api.db.select().from(auditLog).where(eq(auditLog.recordId, recordId)).orderBy(asc(auditLog.at));

/** Every key of a value, at any depth (to check that no key naming a secret reached a stored value). */
export const keysOf = (value: unknown): string[] =>
  value && typeof value === "object" ? Object.entries(value).flatMap(([key, v]) => [key, ...keysOf(v)]) : [];

/** The rows of a plain `db.execute`: the drivers answer differently, PGlite `{ rows }` and postgres.js the rows themselves. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);
