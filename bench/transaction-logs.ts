import { eq, sql } from "drizzle-orm";
import { ledgerEntry, school, wallet } from "../services/db/schema";
import { ledgerInvariantBreaches } from "../services/billing/ledger/invariant";
import { createTestApi } from "../services/test/harness";
import { measure, report } from "./spreadsheet";
import { fmt, median, percentile } from "./stats";

/**
 * The transaction logs at the size the billing issue names: 100,000 ledger entries (BENCH_ENTRIES) in one
 * district of 100 schools, a year of them. GET /transaction-logs/search as the API answers it (in-process, so
 * the figures are the API's own work) for a first page, filtered pages, text searches and the totals, then
 * the download of every entry. On the in-memory embedded database, or on the PostgreSQL server of TEST_DATABASE_URL.
 */
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const SCHOOLS = 100;
const TERMS = ["First Term", "Second Term", "Third Term"];

export async function benchTransactionLogs(runs: number) {
  const api = await createTestApi();
  const admin = await api.loginAdmin(1);
  const districtId = admin.staff.district.id;
  const began = performance.now();

  const schools = await api.db
    .insert(school)
    .values(
      Array.from({ length: SCHOOLS }, (_, i) => ({
        districtId,
        name: `Ledger Primary School ${String(i).padStart(3, "0")}`,
        address: `${i} Ledger Road, Lagos`,
        localGovernment: "Ikeja",
        category: "Primary",
      })),
    )
    .returning({ id: school.id });

  // In one statement, so each entry's balance_after is the running sum of the ledger before it (the invariant
  // holds): every tenth entry funds the wallet with ₦100,000, the nine after it charge at most ₦5,500 each.
  // School, pupils and term are drawn from bytes of md5(i), every five minutes through a year (Lagos time).
  const byte = (n: number) => sql.raw(`get_byte(decode(md5(i::text), 'hex'), ${n})`);
  const schoolOf = sql.raw(`(array[${schools.map((s) => `'${s.id}'`).join(",")}]::uuid[])[1 + get_byte(decode(md5(i::text), 'hex'), 0) % ${SCHOOLS}]`);
  const termOf = sql.raw(`(array[${TERMS.map((t) => `'${t}'`).join(",")}])[1 + get_byte(decode(md5(i::text), 'hex'), 1) % 3]`);
  await api.db.execute(sql`
    insert into ledger_entry (district_id, direction, action, amount, balance_after, reference, description, school_id,
                              academic_session, term, pupils, actor_staff_id, created_at)
    select ${districtId}::uuid, direction, action, amount,
           sum(case when direction = 'credit' then amount else -amount end) over (order by i),
           reference, description, school_id, academic_session, term, pupils, ${admin.staff.id}::uuid,
           timestamptz '2025-01-01 00:00:00+01' + i * interval '5 minutes'
    from (
      select i,
             case when i % 10 = 1 then 'credit' else 'debit' end as direction,
             case when i % 10 = 1 then 'FUNDING' else 'REPORT_CARD_CHARGE' end as action,
             case when i % 10 = 1 then 10000000 else (20 + ${byte(2)}) * 2000 end::bigint as amount,
             case when i % 10 = 1 then 'PAY-BENCH-' else 'RC-BENCH-' end || lpad(i::text, 6, '0') as reference,
             case when i % 10 = 1 then 'Wallet funding by payment link'
                  else 'Report cards, ' || ${termOf} || ' 2025/2026: ' || (20 + ${byte(2)}) || ' pupils' end as description,
             case when i % 10 = 1 then null else ${schoolOf} end as school_id,
             case when i % 10 = 1 then null else '2025/2026' end as academic_session,
             case when i % 10 = 1 then null else ${termOf} end as term,
             case when i % 10 = 1 then null else 20 + ${byte(2)} end as pupils
      from generate_series(1, ${ENTRIES}::int) as i
    ) as generated
    order by i`);
  const [last] = await api.db
    .select({ balance: ledgerEntry.balanceAfter })
    .from(ledgerEntry)
    .where(eq(ledgerEntry.districtId, districtId))
    .orderBy(sql`${ledgerEntry.seq} desc`)
    .limit(1);
  await api.db
    .update(wallet)
    .set({ balance: last?.balance ?? 0 })
    .where(eq(wallet.districtId, districtId));
  await api.db.execute(sql`analyze ledger_entry`);
  await api.db.execute(sql`analyze school`);
  const breaches = await ledgerInvariantBreaches(api.db);
  if (breaches.length > 0) throw new Error(`the seeded ledger breaks the invariant: ${JSON.stringify(breaches)}`);
  console.log(
    `seeded ${ENTRIES.toLocaleString("en")} ledger entries in ${SCHOOLS} schools in ${((performance.now() - began) / 1000).toFixed(1)} s (${process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "embedded"})`,
  );
  const aSchool = schools[17]?.id ?? "";

  const get = (path: string) => api.billing.app.request(path, { method: "GET", headers: { authorization: `Bearer ${admin.authorizationToken}` } });
  const time = async (label: string, path: string) => {
    const ms: number[] = [];
    let size = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const response = await get(path);
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { transactionLogs?: unknown[]; total?: number };
      ms.push(performance.now() - start);
      size = body.transactionLogs?.length ?? body.total ?? 0;
    }
    console.log(
      `${label}: p50 ${fmt(median(ms))}, p99 ${fmt(percentile(ms, 99))} (${runs} runs; ${size.toLocaleString("en")} ${path.includes("total") ? "counted" : "rows"})`,
    );
  };
  const q = (params: Record<string, string>) => new URLSearchParams({ "district[0]": districtId, limit: "50", page: "1", ...params }).toString();
  const search = (params: Record<string, string>) => `/transaction-logs/search?${q(params)}`;
  const total = (params: Record<string, string>) => `/transaction-logs/search-total?${new URLSearchParams({ "district[0]": districtId, ...params })}`;

  console.log("-- pages of 50, newest first");
  await time("first page", search({}));
  await time("filtered page (a school)", search({ school: aSchool }));
  await time("filtered page (funding)", search({ transactionAction: "FUNDING" }));
  await time(
    "filtered page (a month, a school's charges)",
    search({ startDate: "2025-06-01", endDate: "2025-06-30", school: aSchool, transactionAction: "REPORT_CARD_CHARGE" }),
  );
  await time("page 100", search({ page: "100" }));
  console.log("-- text search, pages of 50");
  await time("a reference ('RC-BENCH-054322')", search({ searchTerm: "RC-BENCH-054322" }));
  await time("a school's name ('Ledger Primary School 042')", search({ searchTerm: "Ledger Primary School 042" }));
  await time("a common phrase ('second term', 3 in 10)", search({ searchTerm: "second term" }));
  await time("no match ('zzqx')", search({ searchTerm: "zzqx" }));
  console.log("-- pages of 1,000 (spec §9 limit)");
  await time("first page of 1,000", search({ limit: "1000" }));
  await time("page of 1,000, text ('second term')", search({ limit: "1000", searchTerm: "second term" }));
  console.log("-- totals (once per filter)");
  await time("totals of the district", total({}));
  await time("totals of a school", total({ school: aSchool }));
  await time("totals of a month", total({ startDate: "2025-06-01", endDate: "2025-06-30" }));
  await time("totals of a text search ('second term')", total({ searchTerm: "second term" }));

  const downloads = [];
  for (let run = 0; run < Number(process.env.BENCH_DOWNLOAD_RUNS ?? 1); run++) {
    downloads.push(
      await measure(async () => {
        const response = await get(`/transaction-logs/download?${new URLSearchParams({ "district[0]": districtId })}`);
        if (response.status !== 200) throw new Error(`download: ${response.status} ${await response.text()}`);
        let bytes = 0;
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
        return bytes;
      }),
    );
  }
  report(`download of ${ENTRIES.toLocaleString("en")} entries (${((downloads[0]?.result ?? 0) / 1024 / 1024).toFixed(1)} MB)`, ENTRIES, downloads);
  await api.close();
}
