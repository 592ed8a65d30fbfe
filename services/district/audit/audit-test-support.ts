import { expect } from "vitest";
import type { AuditPage, AuditSearchQuery } from "../../../lib/contract/audit";
import type { SchoolDetail } from "../../../lib/contract/schools";
import type { AuthResult } from "../../../lib/contract/user";
import type { TestApi } from "../../test/harness";
import { expectOk } from "../../test/helpers";

/** The audit API tests' calls: the trail as someone reads it, and schools to change. */
export function auditCalls(api: TestApi) {
  const query = (q: AuditSearchQuery) =>
    new URLSearchParams(Object.entries(q).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();
  const search = (who: AuthResult, q: AuditSearchQuery = {}) => api.call("GET", `/audit/search?${query(q)}`, { token: who.authorizationToken });
  const page = async (who: AuthResult, q: AuditSearchQuery = {}) => expectOk<AuditPage>(await search(who, q));

  const addSchool = async (who: AuthResult, name: string, localGovernment: string) =>
    (
      await expectOk<{ school: SchoolDetail }>(
        await api.call("POST", "/school/add", {
          token: who.authorizationToken,
          body: { name, address: "1 Audit Road", localGovernment, category: "Primary" },
        }),
        201,
      )
    ).school;

  /** Renames a school (from the version it is at) and answers it as updated. */
  const renameSchool = async (who: AuthResult, s: SchoolDetail, name: string) => {
    const body = { name, description: s.description, address: s.address, localGovernment: s.localGovernment, category: s.category, version: s.version };
    const { school } = await expectOk<{ school: SchoolDetail }>(await api.call("PATCH", `/school/update/${s.id}`, { token: who.authorizationToken, body }));
    expect(school.name).toBe(name);
    return school;
  };

  return { query, search, page, addSchool, renameSchool };
}

/** A day `days` after (or before) a calendar day. */
export const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
