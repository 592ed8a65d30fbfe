import { and, eq, sql } from "drizzle-orm";
import { classType, school, schoolClass } from "../services/db/schema";
import { createTestApi, type TestApi } from "../services/test/harness";
import { measure, report } from "./spreadsheet";
import { fmt, median, percentile } from "./stats";

/**
 * The admission register at the size of a real district: 200,000 pupils (BENCH_STUDENTS) in one district
 * of 200 schools with six classes each. GET /student/search as the API answers it (in-process, so the
 * figures are the API's own work) for filtered pages of 50 and pages of 1,000 (the spec's limit), text
 * searches (a common surname, a full name, an admission number, no match), the totals and the students
 * area's summary; then the download of every pupil (time and peak memory). On the in-memory embedded
 * database, or on the PostgreSQL server of TEST_DATABASE_URL.
 */
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200_000);
const SCHOOLS = 200;
const FIRST = ["Tobi", "Amaka", "Sadiq", "Kemi", "Uche", "Fatima", "Dayo", "Ifeoma", "Yakubu", "Bola", "Nnamdi", "Hauwa", "Segun", "Chioma", "Musa", "Zainab"];
// 30 surnames: each is held by about 6,700 of 200,000 pupils, under the register's tally cap.
const LAST = [
  "Ajayi",
  "Okonkwo",
  "Garba",
  "Balogun",
  "Nwachukwu",
  "Ibrahim",
  "Oladipo",
  "Chukwu",
  "Adeyemi",
  "Bello",
  "Eze",
  "Okafor",
  "Lawal",
  "Yusuf",
  "Adebayo",
  "Obi",
  "Salami",
  "Ogunleye",
  "Nwosu",
  "Abubakar",
  "Afolabi",
  "Ekwueme",
  "Danjuma",
  "Olawale",
  "Onyeka",
  "Bakare",
  "Ogundipe",
  "Umeh",
  "Fashola",
  "Idowu",
];
const LGAS = ["Agege", "Alimosho", "Ifako-Ijaiye", "Ikeja", "Kosofe"];
const STATES = ["Lagos", "Lagos", "Lagos", "Ogun", "Oyo"];

/** 200 primary schools with six classes each and `count` pupils spread over them, in district `districtId` of the database (a test API's or any other). */
export async function seedStudents(api: Pick<TestApi, "db">, districtId: string, count = STUDENTS) {
  // 200 primary schools with Primary 1A to 6A each: the pupils' schools and classes.
  const types = await api.db
    .select({ id: classType.id, name: classType.name })
    .from(classType)
    .where(and(eq(classType.districtId, districtId), sql`${classType.name} like 'Primary %'`))
    .orderBy(classType.name);
  const schools = await api.db
    .insert(school)
    .values(
      Array.from({ length: SCHOOLS }, (_, i) => ({
        districtId,
        name: `Bench Primary School ${String(i).padStart(3, "0")}`,
        address: `${i} Bench Road, Lagos`,
        localGovernment: LGAS[i % LGAS.length] ?? "Agege",
        category: "Primary",
      })),
    )
    .returning({ id: school.id });
  const classes = await api.db
    .insert(schoolClass)
    .values(schools.flatMap((s) => types.map((t) => ({ districtId, schoolId: s.id, classTypeId: t.id, arm: "A", name: `${t.name}A`, capacity: 2_000 }))))
    .returning({ id: schoolClass.id, schoolId: schoolClass.schoolId });
  const classIds = schools.flatMap((s) => classes.filter((c) => c.schoolId === s.id).map((c) => c.id));
  const perSchool = types.length;

  // Generated in the database in batches; names, places, school and class drawn from bytes of md5(i), so none follows the name order.
  const byte = (n: number) => `get_byte(decode(md5(i::text), 'hex'), ${n})`;
  const pick = (list: string[], n: number) => sql.raw(`(array[${list.map((w) => `'${w}'`).join(",")}])[1 + ${byte(n)} % ${list.length}]`);
  const schoolIndex = `((${byte(4)} * 256 + ${byte(5)}) % ${SCHOOLS})`;
  const schoolArray = sql.raw(`(array[${schools.map((s) => `'${s.id}'`).join(",")}]::uuid[])[1 + ${schoolIndex}]`);
  // Every tenth pupil has no class yet.
  const classArray = sql.raw(
    `case when ${byte(6)} % 10 = 0 then null else (array[${classIds.map((c) => `'${c}'`).join(",")}]::uuid[])[1 + ${schoolIndex} * ${perSchool} + ${byte(7)} % ${perSchool}] end`,
  );
  for (let from = 0; from < count; from += 20_000) {
    await api.db.execute(sql`
      insert into student (district_id, school_id, class_id, first_name, last_name, middle_name, gender, dob, admission_number,
                           state_of_origin, local_government_of_origin, state_of_residence, local_government_of_residence, date_of_admission,
                           address, guardian_name, guardian_relationship, guardian_phone_code, guardian_phone, special_needs,
                           account_status, enrolment_status)
      select ${districtId}::uuid, ${schoolArray}, ${classArray},
             ${pick(FIRST, 0)}, ${pick(LAST, 1)}, case when ${sql.raw(byte(8))} % 3 = 0 then ${pick(FIRST, 9)} end,
             ${pick(["Male", "Female"], 2)}, date '2008-01-01' + (i % 4000),
             'ADM/' || (2015 + i % 10) || '/' || lpad(i::text, 6, '0'),
             ${pick(STATES, 3)}, ${pick(LGAS, 10)}, ${pick(STATES, 11)}, ${pick(LGAS, 12)}, date '2015-09-01' + (i % 3650),
             i || ' Bench Street, Lagos', 'Guardian ' || i, 'Mother', '+234', lpad((8000000000 + i)::text, 10, '0'), 'None',
             ${pick(["Active", "Active", "Active", "Active", "Active", "Active", "Active", "Suspended"], 13)},
             ${pick(["Enrolled", "Enrolled", "Enrolled", "Enrolled", "Enrolled", "Enrolled", "Enrolled", "Enrolled", "Graduated", "Withdrawn"], 14)}
      from generate_series(${from}::int, ${Math.min(count, from + 20_000) - 1}::int) as i`);
  }
  await api.db.execute(sql`analyze student`);
  await api.db.execute(sql`analyze school`);
  await api.db.execute(sql`analyze school_class`);
  return { schools: schools.map((s) => s.id), classIds, perSchool };
}

export async function benchStudents(runs: number) {
  const api = await createTestApi();
  const admin = await api.loginAdmin(1);
  const districtId = admin.staff.district.id;
  const began = performance.now();

  const { schools, classIds, perSchool } = await seedStudents(api, districtId);
  console.log(
    `seeded ${STUDENTS.toLocaleString("en")} students in ${SCHOOLS} schools in ${((performance.now() - began) / 1000).toFixed(1)} s (${process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "embedded"})`,
  );
  const aSchool = schools[17] ?? "";
  const aClass = classIds[17 * perSchool + 2] ?? "";

  const time = async (label: string, path: string) => {
    const ms: number[] = [];
    let size = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const response = await api.call("GET", path, { token: admin.authorizationToken });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { foundStudents?: unknown[]; total?: number };
      ms.push(performance.now() - start);
      size = body.foundStudents?.length ?? body.total ?? 0;
    }
    console.log(
      `${label}: p50 ${fmt(median(ms))}, p99 ${fmt(percentile(ms, 99))} (${runs} runs; ${size.toLocaleString("en")} ${path.includes("total") ? "counted" : "rows"})`,
    );
  };
  const q = (params: Record<string, string>) => new URLSearchParams({ "district[0]": districtId, limit: "50", page: "1", ...params }).toString();
  const search = (params: Record<string, string>) => `/student/search?${q(params)}`;

  console.log("-- pages of 50");
  await time("first page of 50 (Enrolled, the default)", search({}));
  await time("filtered page of 50 (school)", search({ school: aSchool }));
  await time("filtered page of 50 (class)", search({ class: aClass }));
  await time("filtered page of 50 (school, gender, account status)", search({ school: aSchool, gender: "Female", accountStatus: "Active" }));
  await time("filtered page of 50 (admitted 2019/2020)", search({ startDate: "2019-09-01", endDate: "2020-08-31" }));
  await time(
    "filtered page of 50 (gender, state and LGA of residence, admitted since 2022)",
    search({ gender: "Male", stateOfResidence: "Ogun", localGovernmentOfResidence: "Kosofe", startDate: "2022-01-01" }),
  );
  await time("filtered page of 50 (every status, LGA of origin)", search({ enrolmentStatus: "all", localGovernmentOfOrigin: "Ikeja" }));
  await time("page 100 of 50", search({ page: "100" }));
  console.log("-- text search, pages of 50");
  await time("a common surname ('okonkwo', 1 in 30)", search({ searchTerm: "Okonkwo" }));
  await time("a common surname in a school", search({ searchTerm: "Okonkwo", school: aSchool }));
  await time("a first name ('zainab', 1 in 16, often a middle name too)", search({ searchTerm: "Zainab" }));
  await time("a full name ('amaka okonkwo')", search({ searchTerm: "Amaka Okonkwo" }));
  await time("an admission number ('ADM/2021/012346', every status)", search({ searchTerm: "ADM/2021/012346", enrolmentStatus: "all" }));
  await time("a part of admission numbers ('/2021/', 1 in 10)", search({ searchTerm: "/2021/" }));
  await time("no match ('zzqx')", search({ searchTerm: "zzqx" }));
  console.log("-- pages of 1,000 (spec §9 limit)");
  await time("page of 1,000", search({ limit: "1000" }));
  await time("page of 1,000, filtered (school)", search({ limit: "1000", school: aSchool }));
  await time("page of 1,000, filtered (admitted 2019/2020)", search({ limit: "1000", startDate: "2019-09-01", endDate: "2020-08-31" }));
  await time("page of 1,000, text ('okonkwo')", search({ limit: "1000", searchTerm: "Okonkwo" }));
  console.log("-- totals (once per filter) and the summary");
  const total = (params: Record<string, string>) => `/student/search-total?${new URLSearchParams({ "district[0]": districtId, ...params })}`;
  await time("total of the district", total({}));
  await time("total of a school", total({ school: aSchool }));
  await time("total of a date range", total({ startDate: "2019-09-01", endDate: "2020-08-31" }));
  await time("total of a surname", total({ searchTerm: "Okonkwo" }));
  await time("students area summary (by school, level, gender)", `/student/summary?${new URLSearchParams({ "district[0]": districtId })}`);

  // The register as students.xlsx: every pupil of every status, streamed.
  const downloads = [];
  for (let run = 0; run < Number(process.env.BENCH_DOWNLOAD_RUNS ?? 1); run++) {
    downloads.push(
      await measure(async () => {
        const response = await api.call("GET", `/student/download?${new URLSearchParams({ "district[0]": districtId, enrolmentStatus: "all" })}`, {
          token: admin.authorizationToken,
        });
        if (response.status !== 200) throw new Error(`download: ${response.status} ${await response.text()}`);
        let bytes = 0;
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
        return bytes;
      }),
    );
  }
  const rows = STUDENTS + 48;
  report(`download of ${rows.toLocaleString("en")} students (${((downloads[0]?.result ?? 0) / 1024 / 1024).toFixed(1)} MB)`, rows, downloads);
  await api.close();
}
