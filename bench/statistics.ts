import { and, eq, sql } from "drizzle-orm";
import { lgea, school, staff } from "../services/db/schema";
import { demoPasswords } from "../services/db/demo-data";
import { loadavg } from "node:os";
import { createTestApi, type TestApi } from "../services/test/harness";
import { fmt, median, percentile } from "./stats";
import { seedStudents } from "./students";

/**
 * The statistics (issue: statistics) at the size the issue names: 200,000 pupils (BENCH_STUDENTS), 50,000 staff
 * (BENCH_STAFF) and 1,500 schools in one district, the schools spread over its twenty LGEAs. Each figure's API answer
 * (in-process, so the times are the API's own work) the first time, before any cache, and then warm (p50, p99),
 * for the whole district, filtered to one LGEA and to one school, and for a user working at that LGEA (the trends after the current session's snapshot, itself timed);
 * then the one-workbook download. On the in-memory embedded
 * database, or on the PostgreSQL server of TEST_DATABASE_URL.
 */
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200_000);
const STAFF = Number(process.env.BENCH_STAFF ?? 50_000);
const SCHOOLS = 1_500;
const LGEAS = 20;
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ") + " (1, 5, 15 min)";
const AREAS = ["Mathematics", "English", "Basic Science", "Social Studies", "Yoruba", "Igbo", "Hausa", "Physics", "Chemistry", "Biology", "Accounts", ""];

/** Seeds the district to the issue's size; its LGEAs and the bench's schools (the first 200 with pupils). */
export async function seedStatisticsDistrict(api: Pick<TestApi, "db">, districtId: string) {
  const began = performance.now();
  const { schools } = await seedStudents(api, districtId, STUDENTS);
  // The rest of the 1,500 schools, without pupils of their own; every bench school in one of the district's LGEAs.
  await api.db.execute(sql`
    insert into school (district_id, name, address, local_government, category)
    select ${districtId}::uuid, 'Bench Other School ' || lpad(i::text, 4, '0'), i || ' Bench Road, Lagos', 'Agege', 'Junior Secondary'
    from generate_series(${schools.length}::int, ${SCHOOLS - 1}::int) as i`);
  // Twenty LGEAs, as a state's universal basic education board has about (Lagos has twenty): the district's own and
  // bench ones, so that one LGEA holds about 75 of the schools.
  await api.db.execute(sql`
    insert into lgea (district_id, name, local_government)
    select ${districtId}::uuid, 'Bench LGEA ' || lpad(i::text, 2, '0'), 'Bench Local Government ' || lpad(i::text, 2, '0')
    from generate_series(1, ${LGEAS} - (select count(*)::int from lgea where district_id = ${districtId})) as i`);
  const lgeas = await api.db.select({ id: lgea.id }).from(lgea).where(eq(lgea.districtId, districtId));
  const lgeaArray = sql.raw(`(array[${lgeas.map((l) => `'${l.id}'`).join(",")}]::uuid[])`);
  await api.db.execute(
    sql`update school set lgea_id = ${lgeaArray}[1 + abs(hashtext(id::text)) % ${lgeas.length}] where district_id = ${districtId} and name like 'Bench %'`,
  );
  const benchSchools = await api.db
    .select({ id: school.id })
    .from(school)
    .where(and(eq(school.districtId, districtId), sql`${school.name} like 'Bench %'`));
  const schoolArray = sql.raw(`(array[${benchSchools.map((s) => `'${s.id}'`).join(",")}]::uuid[])`);
  const areaArray = sql.raw(`(array[${AREAS.map((a) => `'${a}'`).join(",")}])`);
  // Staff: three in five teaching, posted at the schools; one in twenty without a date of first appointment.
  for (let from = 0; from < STAFF; from += 10_000) {
    await api.db.execute(sql`
      insert into staff (district_id, school_id, first_name, last_name, email, phone_number, gender, staff_type, area_of_specialization,
                         dob, date_of_first_appointment)
      select ${districtId}::uuid, ${schoolArray}[1 + i % ${benchSchools.length}], 'Bench', 'Staff ' || i, 'bench.staff.' || i || '@example.org',
             lpad((7000000000 + i)::text, 10, '0'), case when i % 2 = 0 then 'Female' else 'Male' end,
             case when i % 5 < 3 then 'Teaching' else 'Non-Teaching' end, ${areaArray}[1 + i % ${AREAS.length}],
             date '1960-01-01' + (i * 37 % 15000), case when i % 20 = 0 then null else date '1985-01-01' + (i * 53 % 12000) end
      from generate_series(${from}::int, ${Math.min(STAFF, from + 10_000) - 1}::int) as i`);
  }
  await api.db.execute(sql`analyze staff`);
  await api.db.execute(sql`analyze school`);
  console.log(
    `seeded ${STUDENTS.toLocaleString("en")} pupils, ${STAFF.toLocaleString("en")} staff, ${SCHOOLS.toLocaleString("en")} schools in ${((performance.now() - began) / 1000).toFixed(1)} s (${process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "embedded"})`,
  );
  return { lgeas, schoolsWithPupils: schools };
}

/**
 * A seeded teacher given a role of statistics.view alone at `lgeaId` (as the portal adds and assigns it) and switched to
 * work there: the figures then cover that LGEA's reach, as the scope narrows it. Answers a fresh sign-in on each call.
 */
async function lgeaSession(api: TestApi, adminToken: string, districtId: string, lgeaId: string) {
  const email = "funmilayo.ogunleye@example.org";
  const added = await api.call("POST", "/role/add", { token: adminToken, body: { name: "Bench Statistics Viewer", operations: ["statistics.view"] } });
  if (added.status !== 201) throw new Error(`role/add: ${added.status} ${await added.text()}`);
  const viewer = ((await added.json()) as { role: { id: string } }).role;
  const [person] = await api.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
  const assigned = await api.call("POST", "/role/assign", { token: adminToken, body: { staffId: person?.id, roleId: viewer.id, organizationId: lgeaId } });
  if (assigned.status !== 201) throw new Error(`role/assign: ${assigned.status} ${await assigned.text()}`);
  const { roleAccessId } = (await assigned.json()) as { roleAccessId: string };
  return async () => {
    const signedIn = await api.login(email, demoPasswords.staff);
    const switched = await api.call("GET", `/staff/switch-role-access/${roleAccessId}`, { token: signedIn.authorizationToken });
    if (switched.status !== 200) throw new Error(`switch-role-access: ${switched.status} ${await switched.text()}`);
    return ((await switched.json()) as { authorizationToken: string }).authorizationToken;
  };
}

export async function benchStatistics(runs: number) {
  const api = await createTestApi();
  const admin = await api.loginAdmin(1);
  const districtId = admin.staff.district.id;
  console.log(`machine load before: ${loadAverage()}`);
  const { lgeas, schoolsWithPupils } = await seedStatisticsDistrict(api, districtId);

  // Signed in again before each figure: on a loaded machine a figure's runs outlast an access token.
  let token = admin.authorizationToken;
  const signInAdmin = async () => (await api.loginAdmin(1)).authorizationToken;
  const call = async (path: string) => {
    const start = performance.now();
    const response = await api.call("GET", path, { token });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - start;
  };
  const time = async (label: string, path: string, signIn = signInAdmin) => {
    token = await signIn();
    const cold = await call(path);
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) ms.push(await call(path));
    console.log(`${label}: first ${fmt(cold)}, then p50 ${fmt(median(ms))}, p99 ${fmt(percentile(ms, 99))} (${runs} runs)`);
  };
  // The current session's snapshot of every place (the district, its LGEAs, 1,500 schools), taken again each run (it replaces the last).
  const snapshots: number[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(runs / 4)); i++) {
    const start = performance.now();
    const response = await api.call("POST", `/statistics/snapshot?${new URLSearchParams({ "district[0]": districtId })}`, { token: admin.authorizationToken });
    if (response.status !== 201) throw new Error(`snapshot: ${response.status} ${await response.text()}`);
    snapshots.push(performance.now() - start);
  }
  console.log(`snapshot, whole district: first ${fmt(snapshots[0] ?? 0)}, then p50 ${fmt(median(snapshots.slice(1)))} (${snapshots.length - 1} runs)`);
  const oneLgea = lgeas[1]?.id ?? "";
  const signInAtLgea = await lgeaSession(api, admin.authorizationToken, districtId, oneLgea);
  const oneSchool = schoolsWithPupils[0] ?? "";
  for (const figure of ["enrolment", "teachers", "classes", "retirements", "movement", "trends"]) {
    await time(`${figure}, whole district`, `/statistics/${figure}?${new URLSearchParams({ "district[0]": districtId })}`);
    await time(`${figure}, one LGEA`, `/statistics/${figure}?${new URLSearchParams({ "district[0]": districtId, lgeaId: oneLgea })}`);
    await time(`${figure}, one school`, `/statistics/${figure}?${new URLSearchParams({ "district[0]": districtId, schoolId: oneSchool })}`);
    await time(`${figure}, the reach of a user working at that LGEA`, `/statistics/${figure}`, signInAtLgea);
  }
  await time("the workbook of every table, whole district", `/statistics/download?${new URLSearchParams({ "district[0]": districtId })}`);
  // The machine is shared: its load says how far the times above can be compared with another run's.
  console.log(`machine load after: ${loadAverage()}`);
  await api.close();
}
