import { eq, sql } from "drizzle-orm";
import { school } from "../services/db/schema";
import { createTestApi } from "../services/test/harness";
import { measure, report } from "./spreadsheet";
import { fmt, median, percentile } from "./stats";

/**
 * The staff register at the size of a real district (50,000 staff by default; BENCH_STAFF=200000 for
 * the reliability issue's size): GET /staff/search as the API answers it (in-process, so the figures are
 * the API's own work) for a first page, a filtered page, a page of 1,000 (the spec's limit), text
 * searches, and the total; then the download of the whole register (time and peak memory). On the
 * in-memory embedded database, or on the PostgreSQL server of TEST_DATABASE_URL.
 */
const STAFF = Number(process.env.BENCH_STAFF ?? 50_000);
const FIRST = ["Adaeze", "Babatunde", "Chiamaka", "Ibrahim", "Funmilayo", "Emeka", "Halima", "Tunde", "Ngozi", "Yetunde", "Olumide", "Aisha"];
const LAST = ["Okafor", "Adeyemi", "Nwosu", "Bello", "Ogunleye", "Eze", "Sani", "Bakare", "Obi", "Lawal", "Fashola", "Yusuf", "Okeke", "Adebayo"];
const LGAS = ["Agege", "Alimosho", "Ifako-Ijaiye", "Ikeja", "Kosofe"];

export async function benchStaff(runs: number) {
  const api = await createTestApi();
  const admin = await api.loginAdmin(1);
  const districtId = admin.staff.district.id;
  const began = performance.now();
  // Generated in the database in batches; names, places and types drawn from bytes of md5(i), so none follows the name order.
  const pick = (list: string[], byte: number) =>
    sql.raw(`(array[${list.map((w) => `'${w}'`).join(",")}])[1 + get_byte(decode(md5(i::text), 'hex'), ${byte}) % ${list.length}]`);
  for (let from = 0; from < STAFF; from += 25_000) {
    await api.db.execute(sql`
      insert into staff (district_id, school_id, first_name, last_name, email, phone_number, oracle_number, tescom_number, gender, dob,
                         state_of_origin, local_government_of_origin, state_of_residence, local_government_of_residence, staff_type,
                         account_status, date_of_employment)
      select ${districtId}::uuid,
             (select id from school where district_id = ${districtId}::uuid order by id offset (get_byte(decode(md5(i::text), 'hex'), 5) % 6) limit 1),
             ${pick(FIRST, 0)}, ${pick(LAST, 1)} || ' ' || i, 'bench.' || i || '@staff.example.org', lpad((7000000000 + i)::text, 10, '0'),
             'BENCH-OR-' || i, 'BENCH-TS-' || i, ${pick(["Male", "Female"], 2)}, date '1970-01-01' + (i % 12000),
             'Lagos', ${pick(LGAS, 3)}, 'Lagos', ${pick(LGAS, 4)}, ${pick(["Teaching", "Teaching", "Non-Teaching"], 6)},
             ${pick(["Active", "Active", "Active", "Suspended"], 7)}, date '2000-01-01' + (i % 9000)
      from generate_series(${from}::int, ${Math.min(STAFF, from + 25_000) - 1}::int) as i`);
  }
  await api.db.execute(sql`analyze staff`);
  console.log(
    `seeded ${STAFF.toLocaleString("en")} staff in ${((performance.now() - began) / 1000).toFixed(1)} s (${process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "embedded"})`,
  );
  const [aSchool] = await api.db.select({ id: school.id }).from(school).where(eq(school.districtId, districtId)).orderBy(school.id).limit(1);

  const time = async (label: string, path: string) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const response = await api.call("GET", path, { token: admin.authorizationToken });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      ms.push(performance.now() - start);
    }
    console.log(`${label}: p50 ${fmt(median(ms))}, p99 ${fmt(percentile(ms, 99))} (${runs} runs)`);
  };
  const q = (params: Record<string, string>) =>
    new URLSearchParams({ "district[0]": districtId, includeLoggedInUser: "true", limit: "50", page: "1", ...params }).toString();
  await time("first page of 50", `/staff/search?${q({})}`);
  await time(
    "filtered page of 50 (school, staff type, status)",
    `/staff/search?${q({ school: aSchool?.id ?? "", staffType: "Teaching", accountStatus: "Active" })}`,
  );
  await time(
    "filtered page of 50 (gender, LGA of residence, employed since 2010)",
    `/staff/search?${q({ gender: "Female", stateOfResidence: "Lagos", localGovernmentOfResidence: "Kosofe", startDate: "2010-01-01" })}`,
  );
  await time("page of 1,000 (spec §9 limit)", `/staff/search?${q({ limit: "1000" })}`);
  await time("page of 1,000, filtered (school)", `/staff/search?${q({ limit: "1000", school: aSchool?.id ?? "" })}`);
  await time("text search, a full name ('halima okeke 1234')", `/staff/search?${q({ searchTerm: "Halima Okeke 1234" })}`);
  await time("text search, a surname (in a 14th of the names)", `/staff/search?${q({ searchTerm: "Ogunleye" })}`);
  await time("text search, a phone number", `/staff/search?${q({ searchTerm: "7000012345" })}`);
  await time("text search, an oracle number", `/staff/search?${q({ searchTerm: "BENCH-OR-4321" })}`);
  await time("text search with no match", `/staff/search?${q({ searchTerm: "zzqx" })}`);
  const total = (params: Record<string, string>) =>
    `/staff/search-total?${new URLSearchParams({ "district[0]": districtId, includeLoggedInUser: "true", ...params })}`;
  await time("total of the whole district", total({}));
  await time("total of a filter (school, staff type)", total({ school: aSchool?.id ?? "", staffType: "Teaching" }));

  // The register as staffs.xlsx: every staff member, streamed.
  const download = await measure(async () => {
    const response = await api.call("GET", `/staff/download?${new URLSearchParams({ "district[0]": districtId, includeLoggedInUser: "true" })}`, {
      token: admin.authorizationToken,
    });
    if (response.status !== 200) throw new Error(`download: ${response.status}`);
    return (await response.arrayBuffer()).byteLength;
  });
  report(`download of ${STAFF.toLocaleString("en")} staff (${(download.result / 1024 / 1024).toFixed(1)} MB)`, STAFF, [download]);

  // Many new staff at once: validate (upload, step one) and confirm (one transaction, with an invitation each).
  const count = Number(process.env.BENCH_STAFF_UPLOAD ?? 10_000);
  const header =
    "First Name,Last Name,Oracle Number,Staff Number,Gender,Date of Birth,Phone Number,E-mail,Address,State of Origin,LGA of Origin,State of Residence,LGA of Residence,Staff Type";
  const lines = Array.from(
    { length: count },
    (_, i) =>
      `Upload${i},Benchmark,UP-OR-${i},UP-TS-${i},Female,1990-05-17,${String(6000000000 + i)},upload.${i}@staff.example.org,${i} Upload Road,Lagos,Ikorodu,Lagos,Kosofe,Teaching`,
  );
  const form = new FormData();
  form.append("file", new Blob([[header, ...lines].join("\n")]), "staff.csv");
  const validated = await measure(async () => {
    const response = await api.call("POST", "/staff/upload-multiple", { token: admin.authorizationToken, form });
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
    return (await response.json()) as { importId: string; validRows: number };
  });
  if (validated.result.validRows !== count) throw new Error(`expected ${count} valid rows, got ${validated.result.validRows}`);
  report(`validate ${count.toLocaleString("en")} staff rows (csv upload, step one)`, count, [validated]);
  const confirmed = await measure(async () => {
    const response = await api.call("POST", `/staff/create-multiple/${validated.result.importId}`, { token: admin.authorizationToken });
    if (response.status !== 200) throw new Error(`confirm: ${response.status} ${await response.text()}`);
    return response.json();
  });
  report(`confirm ${count.toLocaleString("en")} staff rows (one transaction, with their invitation codes)`, count, [confirmed]);
  await api.close();
}
