import { randomBytes } from "node:crypto";
import type { EnrolmentStatus } from "../../../lib/contract/students-values";
import { apiKeyHeader } from "../../../lib/contract/billing-values";
import { school, student } from "../../db/schema";
import type { StaffScope } from "../../db/scope";
import type { TestApi } from "../../test/harness";
import { postEntry } from "../ledger/post";
import { billingCall } from "../test-support";

/** Fixtures of the billing tests (report cards, API clients, reversals): schools with pupils, funded wallets, calls of the billing API. */

/** A district's own scope at district level, as a district administrator of it has: for funding a wallet in a test. */
const districtScope = (districtId: string): StaffScope => ({
  kind: "staff",
  staffId: crypto.randomUUID(),
  districtId,
  allDistricts: false,
  level: "district",
  organizationId: districtId,
});

/** Credits a wallet the one way money moves (a FUNDING entry with a unique reference), not through the funding routes. */
export async function fund(api: TestApi, districtId: string, amount: number) {
  return api.db.transaction((tx) =>
    postEntry(tx, districtScope(districtId), {
      districtId,
      direction: "credit",
      action: "FUNDING",
      amount,
      reference: `TEST-FUND-${randomBytes(8).toString("hex")}`,
      description: "Test funding",
    }),
  );
}

let made = 0;

/** A new school in the district with `enrolled` Enrolled pupils (and any others asked for). */
export async function schoolWithPupils(api: TestApi, districtId: string, enrolled: number, others: EnrolmentStatus[] = []) {
  const n = ++made;
  const [row] = await api.db
    .insert(school)
    .values({
      districtId,
      name: `Report Card School ${n} ${randomBytes(3).toString("hex")}`,
      address: `${n} Report Road`,
      localGovernment: "Agege",
      category: "Primary",
    })
    .returning({ id: school.id, name: school.name });
  if (!row) throw new Error("school insert returned nothing");
  await admit(api, districtId, row.id, enrolled);
  for (const status of others) await admit(api, districtId, row.id, 1, status);
  return row;
}

/** Admits `count` pupils to a school (Enrolled unless said otherwise). */
export async function admit(api: TestApi, districtId: string, schoolId: string, count: number, enrolmentStatus: EnrolmentStatus = "Enrolled") {
  if (count === 0) return [];
  return api.db
    .insert(student)
    .values(
      Array.from({ length: count }, (_, k) => ({
        districtId,
        schoolId,
        firstName: "Pupil",
        lastName: `Number${k}`,
        gender: k % 2 ? "Male" : "Female",
        admissionNumber: `RC-TEST-${randomBytes(6).toString("hex")}`,
        dateOfAdmission: "2024-09-16",
        enrolmentStatus,
      })),
    )
    .returning({ id: student.id });
}

type Call = { method?: string; token?: string; key?: string; body?: unknown };

/** A request to the billing API (`billingCall`): a staff bearer token or an API key, and a JSON body. */
export const billing = (api: TestApi, path: string, { method = "GET", token, key, body }: Call = {}) =>
  billingCall(api, method, path, { token, body, headers: key ? { [apiKeyHeader]: key } : {} });

/** POST /wallet/report-card-charge as staff. */
export const chargeAs = (api: TestApi, token: string, body: { schoolId: string; academicSession?: string; term?: string }) =>
  billing(api, "/wallet/report-card-charge", { method: "POST", token, body });
