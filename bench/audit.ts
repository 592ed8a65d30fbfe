import { eq, sql } from "drizzle-orm";
import type { AuditPage } from "../lib/contract/audit";
import { auditLog, staff } from "../services/db/schema";
import { createTestApi } from "../services/test/harness";
import { fmt, median, percentile } from "./stats";

/**
 * The audit trail at the size its issue names: 1,000,000 entries (BENCH_AUDIT_ENTRIES) in one district,
 * a year of them, by the district's staff, about 10,000 records of every kind. GET /audit/search as the API
 * answers it (in-process: the API's own work) for the first page, each filter alone, filters together and a
 * deep page by cursor. Target: a filtered page's p50 under 50 ms. On the in-memory embedded database, or
 * on the PostgreSQL server of TEST_DATABASE_URL.
 */
const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const RECORDS = 10_000;
/** Operations by weight: most changes are updates of the big registers; roles and API keys change rarely. */
const OPERATIONS = [
  ...Array<string>(30).fill("student.update"),
  ...Array<string>(20).fill("staff.update"),
  ...Array<string>(15).fill("school.update"),
  ...Array<string>(15).fill("student.create"),
  ...Array<string>(10).fill("class.update"),
  ...Array<string>(5).fill("staff.create"),
  ...Array<string>(3).fill("configuration.update"),
  ...Array<string>(1).fill("role.update"),
  ...Array<string>(1).fill("api-client.create"),
];

export async function benchAudit(runs: number) {
  const api = await createTestApi();
  const admin = await api.loginAdmin(1);
  const districtId = admin.staff.district.id;
  const actors = (await api.db.select({ id: staff.id }).from(staff).where(eq(staff.districtId, districtId))).map((s) => s.id);
  const began = performance.now();

  // One statement: entry i is by one of the district's staff, about one of RECORDS records, every 30 s through
  // the year back from now, drawn from bytes of md5(i); before and after a renamed record's name.
  const byte = (n: number) => sql.raw(`get_byte(decode(md5(i::text), 'hex'), ${n})`);
  const pick = (values: string[], n: number, cast = "") =>
    sql.raw(
      `(array[${values.map((v) => `'${v}'`).join(",")}]${cast})[1 + (get_byte(decode(md5(i::text), 'hex'), ${n}) * 256 + get_byte(decode(md5(i::text), 'hex'), ${n + 1})) % ${values.length}]`,
    );
  await api.db.execute(sql`
    insert into audit_log (district_id, actor_staff_id, operation, record_id, before, after, at)
    select ${districtId}::uuid, ${pick(actors, 0, "::uuid[]")}, ${pick(OPERATIONS, 2)},
           md5('record' || ((${byte(4)} * 256 + ${byte(5)}) % ${RECORDS}))::uuid::text,
           jsonb_build_object('name', 'Record ' || i, 'address', i || ' Audit Road'),
           jsonb_build_object('name', 'Record ' || i || ' (renamed)', 'address', i || ' Audit Road'),
           now() - (${ENTRIES}::int - i) * interval '30 seconds'
    from generate_series(1, ${ENTRIES}::int) as i`);
  await api.db.execute(sql`analyze audit_log`);
  console.log(
    `seeded ${ENTRIES.toLocaleString("en")} audit entries by ${actors.length} people in ${((performance.now() - began) / 1000).toFixed(1)} s (${process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "embedded"})`,
  );

  const get = (path: string) => api.call("GET", path, { token: admin.authorizationToken });
  const page = async (params: Record<string, string>) => {
    const response = await get(`/audit/search?${new URLSearchParams({ limit: "50", ...params })}`);
    if (response.status !== 200) throw new Error(`${JSON.stringify(params)}: ${response.status} ${await response.text()}`);
    return (await response.json()) as AuditPage;
  };
  const time = async (label: string, params: Record<string, string>) => {
    const ms: number[] = [];
    let size = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      size = (await page(params)).entries.length;
      ms.push(performance.now() - start);
    }
    console.log(`${label}: p50 ${fmt(median(ms))}, p99 ${fmt(percentile(ms, 99))} (${runs} runs; ${size} entries)`);
  };

  const [someone = ""] = actors;
  const [aRecord] = await api.db.select({ record_id: auditLog.recordId }).from(auditLog).where(eq(auditLog.districtId, districtId)).limit(1);
  const month = { startDate: dayBefore(180), endDate: dayBefore(150) };
  console.log("-- pages of 50, newest first");
  await time("first page", {});
  await time("filtered page (a person)", { actor: someone });
  await time("filtered page (a kind: staff)", { kind: "staff" });
  await time("filtered page (a rare kind: role, 1 in 100)", { kind: "role" });
  await time("filtered page (an operation: school.update)", { operation: "school.update" });
  await time("filtered page (a record)", { recordId: aRecord?.record_id ?? "" });
  await time("filtered page (a month)", month);
  await time("filtered page (a person, a rare kind)", { actor: someone, kind: "api-client" });
  await time("filtered page (a person, a month, an operation)", { actor: someone, operation: "staff.update", ...month });
  await time("filtered page (no match: a kind with no entries)", { kind: "lgea" });
  // A deep page: the cursor after 100 pages (5,000 entries) read one by one.
  let cursor = "";
  for (let i = 0; i < 100; i++) cursor = (await page({ kind: "student", cursor })).nextCursor ?? "";
  await time("page 101 by cursor (kind student)", { kind: "student", cursor });
  await api.close();
}

/** The calendar day `days` before today, as the filters take it. */
function dayBefore(days: number) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}
