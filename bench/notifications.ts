import { sql } from "drizzle-orm";
import { createTestApi } from "../services/test/harness";
import { fmt, median, percentile } from "./stats";

/**
 * What the bell costs the API (issue: the notification bell): every open tab asks for the unread count once
 * a minute. A district administrator with BENCH_NOTIFICATIONS (10,000) notifications, one in ten unread, among
 * 100,000 of other people; GET /notifications/unread-count and GET /notifications in-process, p50 and p99.
 */
const MINE = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
const OTHERS = 100_000;

export async function benchNotifications(runs: number) {
  const api = await createTestApi();
  const admin = await api.loginAdmin(1);
  const districtId = admin.staff.district.id;
  await api.db.execute(sql`
    insert into notification (district_id, staff_id, kind, data, created_at, read_at)
    select ${districtId}::uuid, case when i <= ${MINE} then ${admin.staff.id}::uuid else gen_random_uuid() end, 'import.finished',
           jsonb_build_object('kind', 'import.finished', 'entity', 'school', 'created', i % 50 + 1),
           now() - i * interval '1 minute', case when i % 10 = 0 then null else now() end
    from generate_series(1, ${MINE + OTHERS}::int) as i`);
  await api.db.execute(sql`analyze notification`);
  const time = async (label: string, path: string) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const response = await api.call("GET", path, { token: admin.authorizationToken });
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      await response.json();
      ms.push(performance.now() - start);
    }
    console.log(`${label}: p50 ${fmt(median(ms))}, p99 ${fmt(percentile(ms, 99))} (${runs} runs)`);
  };
  console.log(
    `${MINE.toLocaleString("en")} notifications of one administrator (1 in 10 unread) among ${OTHERS.toLocaleString("en")} (${process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "embedded"})`,
  );
  await time("unread count (the bell's poll)", "/notifications/unread-count");
  await time("the newest 20 (the bell opened)", "/notifications");
  await api.close();
}
