import { eq } from "drizzle-orm";
import type { ReportCardChargeResult } from "../lib/contract/billing-values";
import { districtConfiguration, school, wallet } from "../services/db/schema";
import { ledgerInvariantBreaches } from "../services/billing/ledger/invariant";
import { admit, chargeAs, fund } from "../services/billing/report-cards/test-fixtures";
import { createTestApi } from "../services/test/harness";
import { fmt, median, percentile } from "./stats";

/**
 * Report-card charges on one wallet under concurrency: CLIENTS (20) clients charging at once, each charge a
 * single pupil (one-pupil schools, a session apiece so every charge costs the same and none finds its pupil
 * charged), POST /wallet/report-card-charge as the API answers it (in-process: the API's own work, the
 * wallet's lock included). Per round: charges per second, each charge's time, and the ledger invariant and
 * the balance checked at the end. On the in-memory embedded database, or on the PostgreSQL server of
 * TEST_DATABASE_URL.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const CHARGES = Number(process.env.BENCH_CHARGES ?? 1_000);
const SCHOOLS = 100;

export async function benchCharges(runs: number) {
  // Every client in flight at once: the figure is the ledger's, not the load shedding's.
  const api = await createTestApi({ API_MAX_IN_FLIGHT: CLIENTS * 2 });
  const admin = await api.loginAdmin(1);
  const districtId = admin.staff.district.id;
  const [config] = await api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, districtId));
  const price = config?.reportCardPrice ?? 0;
  const schools = await api.db
    .insert(school)
    .values(
      Array.from({ length: SCHOOLS }, (_, i) => ({
        districtId,
        name: `Bench Charge School ${i}`,
        address: `${i} Bench Road`,
        localGovernment: "Agege",
        category: "Primary",
      })),
    )
    .returning({ id: school.id });
  for (const s of schools) await admit(api, districtId, s.id, 1);
  console.log(
    `${CHARGES.toLocaleString("en")} single-pupil charges a round, ${CLIENTS} concurrent clients, one wallet (${process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "embedded"})`,
  );

  const rates: number[] = [];
  const all: number[] = [];
  let sessionYear = 2100;
  for (let run = 0; run < runs; run++) {
    // This round's charges: every school in each of enough sessions never charged before.
    const jobs = Array.from({ length: CHARGES }, (_, i) => {
      const year = sessionYear + Math.floor(i / SCHOOLS);
      return { schoolId: schools[i % SCHOOLS]?.id ?? "", academicSession: `${year}/${year + 1}`, term: "First Term" };
    });
    sessionYear += Math.ceil(CHARGES / SCHOOLS);
    await fund(api, districtId, CHARGES * price);
    const before = (await api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]?.balance ?? 0;

    const ms: number[] = [];
    let next = 0;
    const client = async () => {
      for (let job = jobs[next++]; job; job = jobs[next++]) {
        const start = performance.now();
        const response = await chargeAs(api, admin.authorizationToken, job);
        if (response.status !== 201) throw new Error(`charge: ${response.status} ${await response.text()}`);
        const body = (await response.json()) as ReportCardChargeResult;
        if (body.pupils !== 1 || body.amount !== price) throw new Error(`charge: ${JSON.stringify(body)}`);
        ms.push(performance.now() - start);
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const seconds = (performance.now() - began) / 1000;

    const after = (await api.db.select().from(wallet).where(eq(wallet.districtId, districtId)))[0]?.balance ?? 0;
    const breaches = await ledgerInvariantBreaches(api.db);
    if (breaches.length > 0 || after !== before - CHARGES * price) throw new Error(`the ledger does not hold: ${JSON.stringify({ breaches, before, after })}`);
    rates.push(CHARGES / seconds);
    all.push(...ms);
    console.log(
      `round ${run + 1}: ${(CHARGES / seconds).toFixed(0)} charges/s (${seconds.toFixed(2)} s), a charge p50 ${fmt(median(ms))}, p99 ${fmt(percentile(ms, 99))}; invariant holds, balance ${before} → ${after}`,
    );
  }
  console.log(
    `charges on one wallet, ${CLIENTS} clients: median ${median(rates).toFixed(0)} charges/s over ${runs} rounds; a charge p50 ${fmt(median(all))}, p99 ${fmt(percentile(all, 99))}`,
  );
  await api.close();
}
