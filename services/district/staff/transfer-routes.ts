import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import type { StaffPosting } from "../../../lib/contract/staff";
import {
  staffTransferListQuerySchema,
  staffTransferMessages as m,
  staffTransferReviewSchema,
  staffTransferSchema,
  type StaffTransferred,
  type StaffTransferRequest,
  type StaffTransferReview,
  type StaffTransferReviewItem,
} from "../../../lib/contract/staff-transfers";
import { recordAudit } from "../../db/audit";
import { notify } from "../../db/notify";
import type { Reader, Tx } from "../../db/client";
import { scopeInDistrict, type StaffScope } from "../../db/scope";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import type { Actor } from "../../http/context";
import { AppError } from "../../http/errors";
import { schoolOrNotFound } from "../schools/queries";
import type { StaffRow } from "./queries";
import { assertMayChange } from "./rules";
import {
  destinationIn,
  endSchoolRoles,
  inNameOrder,
  insertMoves,
  insertTransfer,
  isPostedAt,
  movePostings,
  nameOf,
  postingColumns,
  postingNamer,
  rolesAtPostings,
  staffToMove,
  type HeldRole,
} from "./transfers";
import { listTransfers, transferDetail } from "./transfer-list";

const tag = "Staff";

/**
 * Transfers move staff within the district worked in, a super administrator's too: moves between
 * districts belong to the state (architecture 'Staff'), so another district's staff or school is 404.
 */
const inDistrictWorkedIn = (scope: StaffScope) => scopeInDistrict(scope, scope.districtId);

/** Why the caller may not move this staff member (the rule of who may change whom), or null. */
async function refusalOf(db: Reader, scope: StaffScope, actor: Actor, target: StaffRow): Promise<string | null> {
  try {
    await assertMayChange(db, scope, actor, target);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === "forbidden") return error.message;
    throw error;
  }
}

/** 400 naming everyone already posted at the destination, with an issue on each one's place in `staffIds`. */
function assertNoneThere(movers: readonly StaffRow[], to: StaffPosting, staffIds: readonly string[]) {
  const there = inNameOrder(movers.filter((row) => isPostedAt(row, to)));
  if (there.length === 0) return;
  const issues = there.map((row) => ({ path: `staffIds.${staffIds.indexOf(row.id)}`, message: m.alreadyThere(nameOf(row)) }));
  throw new AppError("bad_request", m.alreadyThereAll(there.map(nameOf)), issues);
}

const rolesOf = (roles: Map<string, HeldRole[]>, staffId: string) => (roles.get(staffId) ?? []).map((r) => r.role);

/**
 * Writes a transfer whose checks passed, in the caller's transaction: the batch and a row per staff member,
 * the school roles at the schools they leave ended, the new postings, and an audit row per staff member.
 */
async function writeTransfer(tx: Tx, scope: StaffScope, actor: Actor, movers: StaffRow[], to: StaffPosting, request: StaffTransferRequest) {
  const roles = await rolesAtPostings(tx, scope, movers);
  const transfer = await insertTransfer(tx, scope, { effectiveDate: request.effectiveDate, reason: request.reason, createdBy: actor.staffId });
  const posting = postingColumns(to);
  await insertMoves(
    tx,
    transfer,
    movers.map((row) => ({ staffId: row.id, from: row, to: posting, endedRoles: rolesOf(roles, row.id) })),
  );
  await endSchoolRoles(tx, scope, [...roles.values()].flat());
  const moved = await movePostings(
    tx,
    scope,
    movers.map((row) => row.id),
    posting,
    request.effectiveDate,
  );
  const after = { ...posting, lastDateOfPosting: request.effectiveDate, transferId: transfer.id };
  for (const row of movers) {
    const before = { schoolId: row.schoolId, lgeaId: row.lgeaId, lastDateOfPosting: row.lastDateOfPosting };
    await recordAudit(tx, actor, "staff.transfer", row, before, { ...after, endedRoles: rolesOf(roles, row.id) });
  }
  await notify(
    tx,
    movers.map((row) => row.id),
    { kind: "staff.transferred", to: to.name, effectiveDate: request.effectiveDate },
  );
  return { transferId: transfer.id, moved };
}

export function staffTransferRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/staff/staff-transfer-review",
      summary:
        "What a transfer would do, before the user confirms (read-only). Body: { staffIds, destination }. { destination, staff: { id, name, from, to, endedRoles (the school roles the move ends), problems }[], canTransfer }: StaffTransferReview; 404 when a staff member or the destination is outside the caller's scope",
      tag,
      access: requires("staff.transfer"),
      body: staffTransferReviewSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = inDistrictWorkedIn(c.get("scope"));
      const actor = c.get("actor");
      const to = await destinationIn(db, scope, body.destination);
      const movers = await staffToMove(db, scope, body.staffIds, { lock: false });
      const [roles, named] = await Promise.all([rolesAtPostings(db, scope, movers), postingNamer(db, scope, movers)]);
      const staff: StaffTransferReviewItem[] = [];
      for (const row of inNameOrder(movers)) {
        const there = isPostedAt(row, to);
        const refusal = await refusalOf(db, scope, actor, row);
        const problems = [...(there ? [m.alreadyThere(nameOf(row))] : []), ...(refusal ? [refusal] : [])];
        staff.push({ id: row.id, name: nameOf(row), from: named(row), to, endedRoles: there ? [] : rolesOf(roles, row.id), problems });
      }
      return c.json({ destination: to, staff, canTransfer: staff.every((s) => s.problems.length === 0) } satisfies StaffTransferReview);
    },
  );

  // The spec names the path with a trailing slash, which Hono tells apart from the bare path; the portal's
  // catch-all forwards it without one (it joins the path's segments). Both are served by the same handler.
  for (const path of ["/staff/staff-transfer/", "/staff/staff-transfer"]) {
    route(
      {
        method: "POST",
        path,
        summary:
          "Transfer staff within the district, all or nothing. Body: { staffIds (1–1000), destination: { kind: 'school', schoolId } | { kind: 'lgea', lgeaId } | { kind: 'district' }, effectiveDate (YYYY-MM-DD, today in Lagos or later), reason }. Ends their school roles at the school they leave. 201 { message, transferId, moved }; 404 when a staff member or the destination is outside the caller's scope; 400 naming anyone already posted there",
        tag,
        access: requires("staff.transfer"),
        body: staffTransferSchema,
      },
      async (c, { body }) => {
        const { db } = c.get("deps");
        const scope = inDistrictWorkedIn(c.get("scope"));
        const actor = c.get("actor");
        const done = await db.transaction(async (tx) => {
          const movers = await staffToMove(tx, scope, body.staffIds, { lock: true });
          const to = await destinationIn(tx, scope, body.destination);
          assertNoneThere(movers, to, body.staffIds);
          for (const row of movers) await assertMayChange(tx, scope, actor, row);
          return writeTransfer(tx, scope, actor, movers, to, body);
        });
        return c.json({ message: m.transferred, ...done } satisfies StaffTransferred, 201);
      },
    );
  }

  route(
    {
      method: "GET",
      path: "/staff/list-staff-transfer",
      summary:
        "The district's transfer batches, newest first. Query: startDate?, endDate? (bound the effective date), school? (a batch that moved someone from or to it), limit? (1–100, default 20), page?; 404 for a school outside the caller's scope. { transfers: { id, effectiveDate, reason, createdAt, createdBy, count, firstMoves }[], page, limit, total }: StaffTransferList",
      tag,
      // Reading where staff were posted is reading staff records: whoever may view staff may see the history, without the right to move anyone.
      access: requires("staff.view"),
      query: staffTransferListQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = inDistrictWorkedIn(c.get("scope"));
      // A school outside the caller's scope is no filter of theirs: 404, as for any record they cannot reach.
      if (query.school) await schoolOrNotFound(db, scope, query.school);
      return c.json(await listTransfers(db, scope, query));
    },
  );

  route(
    {
      method: "GET",
      path: "/staff/staff-transfer/:id",
      summary: "One transfer batch with every move (name, from, to, endedRoles): { transfer }: StaffTransferDetail",
      tag,
      access: requires("staff.view"),
      params: z.object({ id: uuidParam }),
    },
    async (c, { params }) => c.json(await transferDetail(c.get("deps").db, c.get("scope"), params.id)),
  );
}
