import { and, eq } from "drizzle-orm";
import type { ImportConfirmed, ImportRowsPage } from "../lib/contract/imports";
import { school, schoolClass } from "../services/db/schema";
import { studentSheetColumns } from "../services/district/students/spreadsheet";
import { createTestApi } from "../services/test/harness";
import { workbooks } from "../services/test/workbooks";
import { measure, report } from "./spreadsheet";

/**
 * Admission at the scale of a district (issue 15: 'validate and confirm 50,000 student rows'; target: validated
 * in under 15 s): a file of new pupils in the template's columns (BENCH_STUDENT_UPLOAD rows, 50,000 by default)
 * across the district's schools and classes, a fifth with admission numbers typed and the rest left for the
 * district to give, validated (upload, step one) as xlsx and as csv, then one of them confirmed (one
 * transaction, numbers generated in bulk). Time, rows per second and peak memory above the start; in-process,
 * on the in-memory embedded database, or on the PostgreSQL server of TEST_DATABASE_URL.
 */
const FIRST = ["Tobi", "Amaka", "Sadiq", "Kemi", "Uche", "Fatima", "Dayo", "Ifeoma", "Yakubu", "Bola", "Nnamdi", "Hauwa"];
const LAST = ["Ajayi", "Okonkwo", "Garba", "Balogun", "Nwachukwu", "Ibrahim", "Oladipo", "Chukwu", "Adeyemi", "Eze"];
const PLACES = [
  ["Lagos", "Agege"],
  ["Lagos", "Alimosho"],
  ["Lagos", "Ifako-Ijaiye"],
  ["Oyo", "Ibadan North"],
  ["Anambra", "Awka South"],
] as const;
const RELATIONSHIPS = ["Mother", "Father", "Guardian", "Aunt", "Grandparent"];

export async function benchStudentUpload(runs: number) {
  const api = await createTestApi();
  const admin = await api.loginAdmin(1);
  const districtId = admin.staff.district.id;
  const count = Number(process.env.BENCH_STUDENT_UPLOAD ?? 50_000);
  const places = await api.db
    .select({ school: school.name, className: schoolClass.name })
    .from(schoolClass)
    .innerJoin(school, eq(school.id, schoolClass.schoolId))
    .where(and(eq(schoolClass.districtId, districtId)));

  const rowsOf = (tag: string): string[][] => {
    const rows = [studentSheetColumns.map((c) => c.header)];
    for (let i = 0; i < count; i++) {
      const place = places[i % places.length];
      const [origin, originLga] = PLACES[i % PLACES.length] ?? PLACES[0];
      const [, residenceLga] = PLACES[(i >> 2) % 3] ?? PLACES[0];
      const cells: Record<string, string> = {
        admissionNumber: i % 5 === 0 ? `${tag}/${i}` : "",
        firstName: FIRST[i % FIRST.length] ?? "Tobi",
        lastName: `${LAST[(i >> 3) % LAST.length] ?? "Ajayi"} ${tag}${i}`,
        middleName: i % 3 === 0 ? "Oluwaseun" : "",
        gender: i % 2 === 0 ? "Female" : "Male",
        dob: `20${10 + (i % 8)}-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, "0")}`,
        school: place?.school ?? "",
        class: i % 10 === 0 ? "" : (place?.className ?? ""),
        dateOfAdmission: `202${i % 6}-09-1${i % 9}`,
        stateOfOrigin: origin,
        localGovernmentOfOrigin: originLga,
        stateOfResidence: "Lagos",
        localGovernmentOfResidence: residenceLga,
        address: `${i} School Road, Lagos`,
        guardianName: `Guardian ${LAST[i % LAST.length] ?? "Ajayi"}`,
        guardianRelationship: RELATIONSHIPS[i % RELATIONSHIPS.length] ?? "Mother",
        guardianPhone: `080${String(30000000 + i).padStart(8, "0")}`,
        guardianEmail: i % 4 === 0 ? `guardian.${tag.toLowerCase()}.${i}@example.org` : "",
        specialNeeds: i % 50 === 0 ? "Hearing" : "",
      };
      rows.push(studentSheetColumns.map((c) => cells[c.key] ?? ""));
    }
    return rows;
  };
  const upload = async (bytes: Buffer, filename: string) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), filename);
    const response = await api.call("POST", "/student/upload-multiple", { token: admin.authorizationToken, form });
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as ImportRowsPage;
    if (page.validRows !== count) throw new Error(`expected ${count} valid rows, got ${page.validRows}: ${JSON.stringify(page.rows.find((r) => !r.valid))}`);
    return page;
  };

  let lastImport = "";
  for (const kind of ["xlsx", "csv"] as const) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const rows = rowsOf(`B${kind.toUpperCase()}${run}`);
      const bytes = kind === "xlsx" ? await workbooks.ours(rows) : workbooks.csv(rows);
      const measured = await measure(() => upload(bytes, `students.${kind}`));
      lastImport = measured.result.importId;
      results.push(measured);
    }
    report(`validate ${count.toLocaleString("en")} student rows (${kind} upload, step one)`, count, results);
  }

  const confirmed = await measure(async () => {
    const response = await api.call("POST", `/student/create-multiple/${lastImport}`, { token: admin.authorizationToken });
    if (response.status !== 200) throw new Error(`confirm: ${response.status} ${await response.text()}`);
    return (await response.json()) as ImportConfirmed;
  });
  if (confirmed.result.created !== count) throw new Error(`expected ${count} created, got ${JSON.stringify(confirmed.result)}`);
  report(`confirm ${count.toLocaleString("en")} student rows (one transaction, admission numbers generated in bulk)`, count, [confirmed]);
  await api.close();
}
