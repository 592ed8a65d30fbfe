import { sql } from "drizzle-orm";
import { createTestApi } from "../services/test/harness";
import { fmt, median, percentile } from "./stats";

/**
 * School search at the size of a real district: 200,000 schools in one district, then pages of the
 * list as the API answers them (in-process, so the figures are the API's own work): the first page,
 * a filtered page, a deep page, a text search, and the count of a filter. On the in-memory embedded
 * database, or on the PostgreSQL server of TEST_DATABASE_URL.
 */
const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 200_000);
const LGAS = ["Agege", "Alimosho", "Ifako-Ijaiye"];
const CATEGORIES = ["Nursery", "Primary", "Junior Secondary", "Senior Secondary"];
const WORDS = ["Unity", "Grace", "Victory", "Crescent", "Heritage", "Royal", "Bright", "Star", "Model", "Community"];

export async function benchSearch(runs: number) {
  const api = await createTestApi();
  const admin = await api.loginAdmin(1);
  const districtId = admin.staff.district.id;
  const began = performance.now();
  // Generated in the database in batches: a name from two words and a number, the words, local government
  // and category drawn from bytes of md5(i) so that none of them follows the name order (as in a real district).
  const pick = (list: string[], byte: number) =>
    sql.raw(`(array[${list.map((w) => `'${w}'`).join(",")}])[1 + get_byte(decode(md5(i::text), 'hex'), ${byte}) % ${list.length}]`);
  for (let from = 0; from < SCHOOLS; from += 50_000) {
    await api.db.execute(sql`
      insert into school (district_id, name, description, address, local_government, category)
      select ${districtId}::uuid, ${pick(WORDS, 0)} || ' ' || ${pick(WORDS, 1)} || ' School ' || i, 'Generated school number ' || i,
             i || ' Bench Road, Lagos', ${pick(LGAS, 2)}, ${pick(CATEGORIES, 3)}
      from generate_series(${from}::int, ${Math.min(SCHOOLS, from + 50_000) - 1}::int) as i`);
  }
  await api.db.execute(sql`analyze school`);
  console.log(
    `seeded ${SCHOOLS.toLocaleString("en")} schools in ${((performance.now() - began) / 1000).toFixed(1)} s (${process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "embedded"})`,
  );

  const time = async (label: string, path: string) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const response = await api.call("GET", path, { token: admin.authorizationToken });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      ms.push(performance.now() - start);
    }
    console.log(`${label}: median ${fmt(median(ms))}, p90 ${fmt(percentile(ms, 90))} (${runs} runs)`);
  };
  const q = (params: Record<string, string>) => new URLSearchParams({ district: districtId, limit: "50", page: "1", ...params }).toString();
  await time("first page of 50", `/school/search?${q({})}`);
  await time("filtered page (local government and category)", `/school/search?${q({ localGovernment: "Alimosho", schoolCategory: "Primary" })}`);
  // The deepest page a list serves (10,000 results: lib/contract/fields.ts withinPagingDepth).
  await time("page 200 of the list (the deepest served)", `/school/search?${q({ page: "200" })}`);
  await time("text search 'crescent royal'", `/school/search?${q({ searchTerm: "Crescent Royal" })}`);
  await time("text search 'crescent' (in a fifth of the names)", `/school/search?${q({ searchTerm: "Crescent" })}`);
  await time("text search 'crescent', page 100", `/school/search?${q({ searchTerm: "Crescent", page: "100" })}`);
  await time("text search '12345' (a number in names and addresses)", `/school/search?${q({ searchTerm: "12345" })}`);
  await time("text search with no match", `/school/search?${q({ searchTerm: "zzqx" })}`);
  // The totals, asked once per filter (never with each page).
  const total = (params: Record<string, string>) => `/school/search-total?${new URLSearchParams({ district: districtId, ...params })}`;
  await time("total of the whole district", total({}));
  await time("total of a filter (local government and category)", total({ localGovernment: "Alimosho", schoolCategory: "Primary" }));
  await time("total of a text search 'crescent royal'", total({ searchTerm: "Crescent Royal" }));
  await api.close();
}
