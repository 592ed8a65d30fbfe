import type { ClassTypeList } from "../../lib/contract/classes";
import type { RoleSummary } from "../../lib/contract/roles";
import { carriesStamp } from "./stamp";
import { runPrefixProblem, target } from "./target";
import { codeFor } from "./second-factor";

/**
 * After a writing run against a deployment (E2E_ALLOW_WRITES=1): removes what the product lets be removed of
 * what the run made — roles and class types of its own (no class uses them) whose names carry the run's stamp — in
 * the districts of the E2E_ADMIN1 and E2E_ADMIN2 accounts. Everything else it added stays (README 'Testing
 * against a deployment'). Best effort: a failure is told, not thrown, so the report still stands.
 */
export default async function removeRunRecords() {
  const prefix = process.env.E2E_RUN_PREFIX;
  const api = target.districtApiUrl;
  if (!prefix || !api) return console.log("[e2e] nothing removed: set E2E_DISTRICT_API_URL for the run to remove its roles and class types");
  const problem = runPrefixProblem(prefix);
  if (problem) return console.log(`[e2e] nothing removed: ${problem}`);
  let roles = 0;
  let classTypes = 0;
  for (const name of ["ADMIN1", "ADMIN2"]) {
    const identifier = process.env[`E2E_${name}_EMAIL`];
    const password = process.env[`E2E_${name}_PASSWORD`];
    if (!identifier || !password) continue;
    try {
      const login = await fetch(`${api}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        // An administrator with two-step sign-in on: the code of E2E_<NAME>_TOTP_SECRET comes with the password.
        body: JSON.stringify({ identifier, password, code: codeFor(process.env[`E2E_${name}_TOTP_SECRET`]) }),
      });
      const signedIn = (await login.json()) as { authorizationToken: string; staff: { district: { id: string } } };
      const call = (method: string, path: string) => fetch(`${api}${path}`, { method, headers: { authorization: `Bearer ${signedIn.authorizationToken}` } });
      const ours = (name: string) => carriesStamp(name, prefix);
      const listed = (await (await call("GET", `/role/get-roles-for-organization/${signedIn.staff.district.id}`)).json()) as { roles: RoleSummary[] };
      for (const role of listed.roles.filter((r) => ours(r.name))) if ((await call("POST", `/role/delete/${role.id}`)).ok) roles++;
      const types = (await (await call("GET", "/class-arm/list-of-class-types")).json()) as ClassTypeList;
      for (const type of types.classTypes.filter((t) => !t.standard && t.classes === 0 && ours(t.name)))
        if ((await call("POST", `/class-arm/delete-class-type/${type.id}`)).ok) classTypes++;
    } catch (error) {
      console.log(`[e2e] could not remove the run's records in E2E_${name}'s district: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  console.log(`[e2e] removed ${roles} role(s) and ${classTypes} class type(s) stamped with this run's prefix ${prefix}; its other records stay`);
}
