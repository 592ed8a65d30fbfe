import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { AuthResult } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { lgea } from "../../db/schema";
import type { TestApi } from "../../test/harness";
import { expectOk, present, roleRow, staffRow } from "../../test/helpers";

/**
 * Fixtures of the LGEA tests: bodies for lgeas.test.ts and lgea-scope.test.ts (each with an e-mail, phone and numbers no other
 * test uses), and a session working at a seeded LGEA for the API tests that check what an LGEA's staff may reach.
 */

/** The seeded staff member the LGEA session belongs to: a teacher of district 1 with no role of her own at an LGEA. */
const lgeaWorker = "funmilayo.ogunleye@example.org";

/**
 * Funmilayo Ogunleye given a role at district 1's Alimosho LGEA by `admin` (through POST /role/assign, as the portal does),
 * signed in and switched to work there: her session. The role is the district's LGEA Administrator unless `roleId` names another.
 */
export async function workingAtAlimoshoLgea(api: TestApi, admin: AuthResult, roleId?: string): Promise<AuthResult> {
  const districtId = admin.staff.district.id;
  const [alimosho] = await api.db
    .select()
    .from(lgea)
    .where(and(eq(lgea.districtId, districtId), eq(lgea.localGovernment, "Alimosho")));
  const lgeaId = present(alimosho, "Alimosho LGEA").id;
  let grantedRoleId = roleId;
  if (grantedRoleId === undefined) {
    const lgeaAdmin = await roleRow(api, districtId, "LGEA Administrator");
    expect(lgeaAdmin.systemKey).toBe("lgea-admin");
    grantedRoleId = lgeaAdmin.id;
  }
  const person = (await staffRow(api, lgeaWorker)).id;
  const { roleAccessId } = await expectOk<{ roleAccessId: string }>(
    await api.call("POST", "/role/assign", { token: admin.authorizationToken, body: { staffId: person, roleId: grantedRoleId, organizationId: lgeaId } }),
    201,
  );
  const signedIn = await api.login(lgeaWorker, demoPasswords.staff);
  const switched = await expectOk<AuthResult>(await api.call("GET", `/staff/switch-role-access/${roleAccessId}`, { token: signedIn.authorizationToken }));
  expect(switched.currentOrganization).toMatchObject({ id: lgeaId, type: "LGEA" });
  return switched;
}

let n = 0;

/** A new staff member's form, as POST /staff/create takes it. */
export function newStaffForm(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    title: "Mr",
    firstName: "Gbenga",
    lastName: `Lgea${n}`,
    middleName: "",
    oracleNumber: `ORC-LGEA-${n}`,
    tescomNumber: `TSC-LGEA-${n}`,
    gender: "Male",
    dob: "1982-03-09",
    phoneCode: "+234",
    phoneNumber: `81340${String(n).padStart(5, "0")}`,
    email: `gbenga.lgea.${n}@lgea.example.org`,
    address: "4 Ikorodu Road, Yaba",
    countryOfOrigin: "Nigeria",
    stateOfOrigin: "Lagos",
    localGovernmentOfOrigin: "Mushin",
    countryOfResidence: "Nigeria",
    stateOfResidence: "Lagos",
    localGovernmentOfResidence: "Surulere",
    dateOfEmployment: "2010-01-04",
    staffType: "Non-Teaching",
    ...overrides,
  };
}

/** A new LGEA portal in `localGovernment` with a new administrator (or the one `administrator` names). */
export function newLgeaForm(localGovernment: string, overrides: Record<string, unknown> = {}) {
  return {
    name: `${localGovernment} LGEA`,
    localGovernment,
    address: `1 Council Road, ${localGovernment}, Lagos`,
    phoneNumbers: ["+2348035550101"],
    emails: [`office@${localGovernment.toLowerCase().replace(/\W+/g, "-")}-lgea.example.org`],
    administrator: { kind: "new", staff: newStaffForm() },
    ...overrides,
  };
}
