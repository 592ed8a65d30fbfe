import { randomUUID } from "node:crypto";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { rawRows } from "../db/raw-rows";
import { dataImport, district, importRow, notification, outbox, rateLimit, refreshToken, resetCode, staff } from "../db/schema";
import { createTestApi, type TestApi } from "../test/harness";
import { runHousekeeping, type Retention } from "./housekeeping";

const retention: Retention = { IMPORT_ROWS_RETENTION_DAYS: 7, SENT_MAIL_RETENTION_HOURS: 24, NOTIFICATION_RETENTION_DAYS: 90 };
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe("housekeeping", () => {
  let api: TestApi;
  let staffId: string;
  let districtId: string;
  beforeAll(async () => {
    api = await createTestApi();
    const [someone] = await api.db.select({ id: staff.id, districtId: staff.districtId }).from(staff).limit(1);
    const [anyDistrict] = await api.db.select({ id: district.id }).from(district).limit(1);
    staffId = someone?.id ?? "";
    districtId = someone?.districtId ?? anyDistrict?.id ?? "";
  });
  afterAll(() => api.close());

  it("removes the rows past their retention and keeps those within it", async () => {
    const db = api.db;
    const token = (familyId: string, expiresAt: Date) => ({
      familyId,
      staffId,
      tokenHash: randomUUID(),
      districtId,
      organizationId: districtId,
      expiresAt,
    });
    const [deadFamily, liveFamily] = [randomUUID(), randomUUID()];
    await db
      .insert(refreshToken)
      .values([token(deadFamily, ago(2 * DAY)), token(deadFamily, ago(DAY)), token(liveFamily, ago(DAY)), token(liveFamily, ago(-DAY))]);
    await db.insert(rateLimit).values([
      { key: "hk:old", windowStart: ago(3 * DAY), count: 1 },
      { key: "hk:now", windowStart: ago(60_000), count: 1 },
    ]);
    const imports = await db
      .insert(dataImport)
      .values([
        { districtId, entity: "school", filename: "old.xlsx", createdBy: staffId, status: "confirmed", confirmedAt: ago(10 * DAY) },
        { districtId, entity: "school", filename: "recent.xlsx", createdBy: staffId, status: "confirmed", confirmedAt: ago(DAY) },
        { districtId, entity: "school", filename: "staged.xlsx", createdBy: staffId },
      ])
      .returning({ id: dataImport.id, filename: dataImport.filename });
    for (const i of imports) await db.insert(importRow).values({ importId: i.id, rowNumber: 2, data: { name: "Ada" }, valid: true, dedupeKey: randomUUID() });
    await db.insert(outbox).values([
      { to: "hk-old@example.org", subject: "s", body: "b", sentAt: ago(2 * DAY) },
      { to: "hk-recent@example.org", subject: "s", body: "b", sentAt: ago(3_600_000) },
      { to: "hk-unsent@example.org", subject: "s", body: "b", createdAt: ago(5 * DAY) },
    ]);
    await db.insert(notification).values([
      { districtId, staffId, kind: "hk-old", data: {}, readAt: ago(100 * DAY) },
      { districtId, staffId, kind: "hk-recent", data: {}, readAt: ago(10 * DAY) },
      { districtId, staffId, kind: "hk-unread", data: {}, createdAt: ago(200 * DAY) },
    ]);
    await db.insert(resetCode).values([
      { staffId, codeHash: "hk-used", expiresAt: ago(2 * DAY - 600_000), usedAt: ago(2 * DAY) },
      { staffId, codeHash: "hk-expired", expiresAt: ago(2 * DAY) },
      { staffId, codeHash: "hk-live", expiresAt: ago(-600_000) },
    ]);

    const result = await runHousekeeping(db, retention);
    expect(result.skipped).toBe(false);
    expect(result.removed).toMatchObject({
      "refresh tokens": 2,
      "rate-limit counters": 1,
      "staged import rows": 1,
      "sent mail": 1,
      "read notifications": 1,
      "one-time codes": 2,
    });

    expect(
      (
        await db
          .select()
          .from(refreshToken)
          .where(inArray(refreshToken.familyId, [deadFamily, liveFamily]))
      ).map((r) => r.familyId),
    ).toEqual([liveFamily, liveFamily]);
    expect((await db.select().from(rateLimit).where(like(rateLimit.key, "hk:%"))).map((r) => r.key)).toEqual(["hk:now"]);
    const rowsLeft = await db
      .select({ importId: importRow.importId })
      .from(importRow)
      .where(
        inArray(
          importRow.importId,
          imports.map((i) => i.id),
        ),
      );
    expect(rowsLeft.map((r) => imports.find((i) => i.id === r.importId)?.filename).sort()).toEqual(["recent.xlsx", "staged.xlsx"]);
    expect(
      await db
        .select({ id: dataImport.id })
        .from(dataImport)
        .where(
          inArray(
            dataImport.id,
            imports.map((i) => i.id),
          ),
        ),
    ).toHaveLength(3); // the summaries stay
    expect((await db.select({ to: outbox.to }).from(outbox).where(like(outbox.to, "hk-%"))).map((r) => r.to).sort()).toEqual([
      "hk-recent@example.org",
      "hk-unsent@example.org",
    ]);
    expect((await db.select({ kind: notification.kind }).from(notification).where(like(notification.kind, "hk-%"))).map((r) => r.kind).sort()).toEqual([
      "hk-recent",
      "hk-unread",
    ]);
    expect((await db.select({ h: resetCode.codeHash }).from(resetCode).where(like(resetCode.codeHash, "hk-%"))).map((r) => r.h)).toEqual(["hk-live"]);

    // A second run finds nothing more.
    expect(Object.values((await runHousekeeping(db, retention)).removed).every((n) => n === 0)).toBe(true);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("run by two instances at once removes each row once, and a request meanwhile does not wait", async () => {
    const keys = Array.from({ length: 12_000 }, (_, i) => ({ key: `hk2:${i}`, windowStart: ago(3 * DAY), count: 1 }));
    for (let i = 0; i < keys.length; i += 2_000) await api.db.insert(rateLimit).values(keys.slice(i, i + 2_000));
    // A second instance: its own connections to the same database.
    const [{ name } = { name: "" }] = rawRows<{ name: string }>(await api.db.execute(sql`select current_database() as name`));
    const server = new URL(process.env.TEST_DATABASE_URL ?? "");
    server.pathname = `/${name}`;
    const other = await openDatabase({ url: server.toString() });
    try {
      const [first, second, probe] = await Promise.all([
        runHousekeeping(api.db, retention),
        runHousekeeping(other.db, retention),
        (async () => {
          await new Promise((r) => setTimeout(r, 20));
          const t = performance.now();
          const answer = await api.call("GET", "/school/search", { token: (await api.loginAdmin(1)).authorizationToken });
          return { status: answer.status, ms: performance.now() - t };
        })(),
      ]);
      const removed = (first.removed["rate-limit counters"] ?? 0) + (second.removed["rate-limit counters"] ?? 0);
      expect(removed).toBe(12_000);
      expect(probe.status).toBe(200);
      expect(probe.ms).toBeLessThan(1_000);
      expect(
        await api.db
          .select()
          .from(rateLimit)
          .where(and(like(rateLimit.key, "hk2:%"), eq(rateLimit.count, 1))),
      ).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
