import { asc, count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { school, staffSecondFactor } from "../db/schema";
import { createTestApi, type TestApi } from "./harness";
import { rowsOf } from "./helpers";

/**
 * Every test API starts from the seeded template, whatever the one before it did: on the embedded database a closed
 * copy is put back and handed out again (embedded-copies.ts), on a server each API has a database of its own.
 */
describe("a test API's database", () => {
  const schoolNames = async (api: TestApi) => (await api.db.select({ name: school.name }).from(school).orderBy(asc(school.id))).map((r) => r.name);
  const secondFactors = async (api: TestApi) => (await api.db.select({ n: count() }).from(staffSecondFactor))[0]?.n;
  const nextLedgerSeq = async (api: TestApi) =>
    Number((await rowsOf<{ seq: string }>(await api.db.execute(sql`select nextval(pg_get_serial_sequence('ledger_entry', 'seq')) as seq`)))[0]?.seq);

  it("holds the template's rows and sequences again after the previous API changed them", async () => {
    const first = await createTestApi();
    const [names, factors, seq] = [await schoolNames(first), await secondFactors(first), await nextLedgerSeq(first)];
    await first.db.update(school).set({ name: sql`${school.name} || ' (changed by an earlier test)'` });
    await first.db.delete(staffSecondFactor);
    expect(await secondFactors(first)).toBe(0);
    await first.close();

    const second = await createTestApi();
    try {
      expect(names.length).toBeGreaterThan(0);
      expect(await schoolNames(second)).toEqual(names);
      expect(factors).toBeGreaterThan(0);
      expect(await secondFactors(second)).toBe(factors);
      expect(await nextLedgerSeq(second)).toBe(seq);
      // The first API's handle is closed: a timer it left running cannot reach the second's database.
      await expect(first.db.select().from(school)).rejects.toThrow();
    } finally {
      await second.close();
    }
  });

  it("has none of the tables an earlier test created", async () => {
    const first = await createTestApi();
    await first.db.execute(sql`create table left_behind (x int)`);
    await first.close();

    const second = await createTestApi();
    try {
      expect((await rowsOf<{ found: string | null }>(await second.db.execute(sql`select to_regclass('left_behind')::text as found`)))[0]?.found).toBeNull();
    } finally {
      await second.close();
    }
  });
});
