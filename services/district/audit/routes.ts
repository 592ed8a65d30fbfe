import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import {
  auditFiltersSchema,
  auditOperationsSchema,
  auditPeopleSchema,
  auditSearchSchema,
  type AuditFilters,
  type AuditPage,
} from "../../../lib/contract/audit";
import { buildTerminologies } from "../../../lib/contract/terminology";
import type { Reader } from "../../db/client";
import { district, statePortal } from "../../db/schema";
import { requestedDistrict, scopeInDistrict, within, type StaffScope } from "../../db/scope";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import type { ApiEnv } from "../../http/context";
import { xlsxResponse } from "../../spreadsheet/respond";
import { auditOperations, auditPeople, searchAudit, type AuditFilter } from "./queries";
import { auditSheetRows } from "./spreadsheet";

const tag = "Audit trail";

/** The caller's scope placed in the district the call asks about (`district[0]`, the caller's when left out; 404 for one not theirs). */
async function trailScope(c: Context<ApiEnv>, districtId: string | undefined) {
  const scope = c.get("scope");
  return scopeInDistrict(scope, await requestedDistrict(c.get("deps").db, scope, districtId));
}

const filterOf = <Q extends AuditFilters>({ "district[0]": _district, ...filters }: Q): AuditFilter => filters;

/** The district's state's terms, for the download's labels (the page labels its own with the signed-in user's). */
async function termsOf(db: Reader, scope: StaffScope) {
  const [row] = await db
    .select({ terminologies: statePortal.terminologies })
    .from(district)
    .innerJoin(statePortal, eq(statePortal.id, district.stateId))
    .where(and(eq(district.id, scope.districtId), within(scope, district)));
  return buildTerminologies(row?.terminologies);
}

const filtersText =
  "district[0]? (the caller's district when left out; another only for a super administrator), actor? (a staff id), kind? (school, staff, student, class, class-type, role, lgea, district, configuration, requirement, wallet, transaction, api-client), operation? (e.g. school.update), recordId?, startDate?/endDate? (days of the change, Lagos time). Below the district level, only the entries of records in reach and the caller's own";

/** The audit trail (issue: the audit trail): who changed which record, when, and what it was before. Entries are never changed or removed. */
export function auditRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/audit/search",
      summary: `The audit trail, newest first. Query: ${filtersText}, limit? (1–200, default 50), cursor? (the previous page's nextCursor). { entries: AuditEntry[] (each with the fields it changed, before → after; no secret is ever stored), nextCursor }`,
      tag,
      access: requires("audit.view"),
      query: auditSearchSchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const { limit, cursor, ...filters } = query;
      const page = await searchAudit(db, await trailScope(c, query["district[0]"]), filterOf(filters), cursor, limit);
      return c.json(page satisfies AuditPage);
    },
  );

  route(
    {
      method: "GET",
      path: "/audit/download",
      summary: `The filtered trail as audit-trail.xlsx, newest first, streamed; every value a text cell, never a formula. Columns: Date (Lagos time), Person, Kind, Operation, Record, Record ID, Changes (a line a field: label: before → after, with the state's terms). Query: ${filtersText}`,
      tag,
      access: requires("audit.view"),
      query: auditFiltersSchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = await trailScope(c, query["district[0]"]);
      const terms = await termsOf(db, scope);
      return xlsxResponse(c, "audit-trail.xlsx", [{ name: "Audit trail", rows: auditSheetRows(db, scope, filterOf(query), terms) }]);
    },
  );

  route(
    {
      method: "GET",
      path: "/audit/people",
      summary:
        "The people the trail can be filtered by, found by name or username (at most 20): those who appear in the trail the caller reads (staff in their reach, and super administrators who acted in the district). Query: district[0]?, search?. AuditPerson[]",
      tag,
      access: requires("audit.view"),
      query: auditPeopleSchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      return c.json(await auditPeople(db, await trailScope(c, query["district[0]"]), query.search));
    },
  );

  route(
    {
      method: "GET",
      path: "/audit/operations",
      summary: "The operations the district's trail holds, in name order (the operation filter's choices). Query: district[0]?. string[]",
      tag,
      access: requires("audit.view"),
      query: auditOperationsSchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      return c.json(await auditOperations(db, await trailScope(c, query["district[0]"])));
    },
  );
}
