import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import {
  studentMessages as m,
  studentMoveListQuerySchema,
  studentMoveSchema,
  type StudentMoved,
  type StudentMoveLine,
  type StudentMoveReview,
} from "../../../lib/contract/students";
import { recordAudit } from "../../db/audit";
import type { Reader, Tx } from "../../db/client";
import { inWorkedDistrict, type StaffScope } from "../../db/scope";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import type { Actor } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import {
  classInScope,
  findMove,
  findPupils,
  inNameOrder,
  insertMove,
  insertMoveRows,
  listMoves,
  markReversed,
  placeNamer,
  placePupils,
  pupilName,
  pupilsToMove,
  rowsOfMove,
  schoolInScope,
  schoolsOutOfReach,
  withinReversibleTime,
  type MoveLineRow,
  type Placement,
  type StudentRow,
} from "./moves";

const tag = "Students";

type MoveRequest = z.output<typeof studentMoveSchema>;
type PlannedLine = { pupil: StudentRow; from: Placement; to: Placement; alreadyThere: boolean };

const placementKey = (p: Placement) => `${p.schoolId}/${p.classId ?? ""}`;
const placementOf = (row: { schoolId: string; classId: string | null }): Placement => ({ schoolId: row.schoolId, classId: row.classId });

/**
 * What a move would do to each selected pupil, checked: the pupils and the new school and class in the scope
 * (404), the class of the new school or, with no new school, of every pupil's own school (400 on toClassId).
 * A new school without a class leaves the pupil without one; a pupil already in that school keeps their class
 * unless one is given, and a pupil already where the move would put them is marked `alreadyThere`.
 * With `lock` (inside the move's transaction) the pupils' rows and the class are held.
 */
async function planMove(db: Reader, scope: StaffScope, body: MoveRequest, options: { lock: boolean }): Promise<PlannedLine[]> {
  const pupils = await pupilsToMove(db, scope, body.studentIds, options);
  const toSchool = body.toSchoolId ? await schoolInScope(db, scope, body.toSchoolId) : undefined;
  if (body.toSchoolId && !toSchool) throw notFound();
  const toClass = body.toClassId ? await classInScope(db, scope, body.toClassId, options) : undefined;
  if (body.toClassId && !toClass) throw notFound();
  if (toClass) {
    const fits = toSchool ? toClass.schoolId === toSchool.id : pupils.every((p) => p.schoolId === toClass.schoolId);
    if (!fits) throw new AppError("bad_request", m.moveClassNotInSchool, [{ path: "toClassId", message: m.moveClassNotInSchool }]);
  }
  return pupils.map((pupil) => {
    const from = placementOf(pupil);
    const schoolId = toSchool?.id ?? pupil.schoolId;
    const to = { schoolId, classId: toClass?.id ?? (schoolId === pupil.schoolId ? pupil.classId : null) };
    return { pupil, from, to, alreadyThere: placementKey(from) === placementKey(to) };
  });
}

/** The pupils of `lines` grouped by the place each goes to, for one update per place. */
function byPlace<T>(lines: readonly T[], placeOf: (line: T) => Placement): { to: Placement; lines: T[] }[] {
  const groups = new Map<string, { to: Placement; lines: T[] }>();
  for (const line of lines) {
    const to = placeOf(line);
    const group = groups.get(placementKey(to)) ?? { to, lines: [] };
    group.lines.push(line);
    groups.set(placementKey(to), group);
  }
  return [...groups.values()];
}

/**
 * Writes a checked move in the caller's transaction: the batch, the pupils' new places (version bumped), a
 * row per pupil moved with the version the move left them at, and an audit row per pupil.
 */
async function writeMove(tx: Tx, scope: StaffScope, actor: Actor, lines: PlannedLine[]) {
  const move = await insertMove(tx, scope, actor.staffId);
  const versions = new Map<string, number>();
  for (const group of byPlace(lines, (l) => l.to)) {
    const placed = await placePupils(
      tx,
      scope,
      group.lines.map((l) => l.pupil.id),
      group.to,
    );
    for (const [id, version] of placed) versions.set(id, version);
  }
  const versionAfter = (id: string) => {
    const version = versions.get(id);
    if (version === undefined) throw new Error("a moved pupil has no new version");
    return version;
  };
  await insertMoveRows(
    tx,
    move,
    lines.map((l) => ({ studentId: l.pupil.id, from: l.from, to: l.to, versionAfter: versionAfter(l.pupil.id) })),
  );
  for (const l of lines) await recordAudit(tx, actor, "student.move", l.pupil, l.from, { ...l.to, moveId: move.id });
  return move.id;
}

const notReversible = () => new AppError("conflict", m.moveNotReversible);

/**
 * Undoes a move as a whole in the caller's transaction: refused (409) when it is older than the reversible
 * time, undone already, or any of its pupils changed since (their version is not the one it left); refused
 * (403) below the district when any of its pupils came from or went to a school outside the caller's reach.
 */
async function reverseMove(tx: Tx, scope: StaffScope, actor: Actor, moveId: string) {
  const move = await findMove(tx, scope, moveId, { lock: true });
  if (!move) throw notFound();
  if (move.reversedAt || !withinReversibleTime(move.createdAt)) throw notReversible();
  const rows = await rowsOfMove(tx, scope, move.id);
  if ((await schoolsOutOfReach(tx, scope, [...rows.map((r) => r.fromSchoolId), ...rows.map((r) => r.toSchoolId)])).length > 0)
    throw new AppError("forbidden", m.moveOutOfReach);
  const pupils = await findPupils(
    tx,
    scope,
    rows.map((r) => r.studentId),
    { lock: true },
  );
  const versionOf = new Map(pupils.map((p) => [p.id, p.version]));
  if (rows.some((r) => versionOf.get(r.studentId) !== r.versionAfter)) throw notReversible();
  const back = (r: MoveLineRow): Placement => ({ schoolId: r.fromSchoolId, classId: r.fromClassId });
  for (const group of byPlace(rows, back))
    await placePupils(
      tx,
      scope,
      group.lines.map((r) => r.studentId),
      group.to,
    );
  if (!(await markReversed(tx, scope, move.id, actor.staffId))) throw notReversible();
  for (const r of rows)
    await recordAudit(
      tx,
      actor,
      "student.move-reverse",
      { id: r.studentId, districtId: r.districtId },
      { schoolId: r.toSchoolId, classId: r.toClassId },
      { ...back(r), reversedMoveId: move.id },
    );
}

export function studentMoveRoutes({ route }: Api) {
  route(
    {
      method: "POST",
      path: "/student/move-review",
      summary:
        "What a group move would do, before the user confirms (read-only). Body: { studentIds (1–1000), toSchoolId?, toClassId? } (at least one of the two). { moves: { student: { id, name, admissionNumber }, from, to, alreadyThere }[] in name order, toMove }: StudentMoveReview; a pupil already there is listed with alreadyThere and skipped by the move. 404 (issues on studentIds.n) when a pupil, the school or the class is outside the caller's scope; 400 on toClassId when the class is not of the new school (or, without one, of every pupil's own school)",
      tag,
      access: requires("student.update"),
      body: studentMoveSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      const lines = await planMove(db, scope, body, { lock: false });
      const name = await placeNamer(db, scope, [...lines.map((l) => l.from), ...lines.map((l) => l.to)]);
      const byPupil = new Map(lines.map((l) => [l.pupil.id, l]));
      const moves = inNameOrder(lines.map((l) => l.pupil)).flatMap((pupil): StudentMoveLine[] => {
        const line = byPupil.get(pupil.id);
        if (!line) return [];
        return [
          {
            student: { id: pupil.id, name: pupilName(pupil), admissionNumber: pupil.admissionNumber },
            from: name(line.from),
            to: name(line.to),
            alreadyThere: line.alreadyThere,
          },
        ];
      });
      return c.json({ moves, toMove: moves.filter((l) => !l.alreadyThere).length } satisfies StudentMoveReview);
    },
  );

  route(
    {
      method: "POST",
      path: "/student/move",
      summary:
        "Move selected pupils to a new class and/or school, all or nothing, recorded as one batch that can be undone for a day. Body: as /student/move-review. Pupils already there are skipped. 201 { message, moveId, moved, skipped }: StudentMoved; 404 and 400 as the review; 400 on studentIds when every pupil is already there",
      tag,
      access: requires("student.update"),
      body: studentMoveSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      const actor = c.get("actor");
      const done = await db.transaction(async (tx) => {
        const lines = await planMove(tx, scope, body, { lock: true });
        const moving = lines.filter((l) => !l.alreadyThere);
        if (moving.length === 0) throw new AppError("bad_request", m.allAlreadyThere, [{ path: "studentIds", message: m.allAlreadyThere }]);
        const moveId = await writeMove(tx, scope, actor, moving);
        return { moveId, moved: moving.length, skipped: lines.length - moving.length };
      });
      return c.json({ message: m.moved, ...done } satisfies StudentMoved, 201);
    },
  );

  route(
    {
      method: "GET",
      path: "/student/moves",
      summary:
        "The group moves of the caller's scope (below the district: those that moved pupils from or to its schools), newest first. Query: limit? (1–100, default 20), page?. { moves: { id, createdAt, createdBy, count, to, reversedAt, reversedBy, reversible }[], total, page, limit }: StudentMovePage",
      tag,
      access: requires("student.view"),
      query: studentMoveListQuerySchema,
    },
    async (c, { query }) => c.json(await listMoves(c.get("deps").db, inWorkedDistrict(c.get("scope")), query)),
  );

  route(
    {
      method: "POST",
      path: "/student/moves/:id/reverse",
      summary:
        "Undo a group move as a whole: every pupil back to their school and class, in one transaction. { message }; 404 for a move outside the caller's scope; 409 when the move is more than a day old, undone already, or any of its pupils changed since; 403 when some of its pupils are at schools outside the caller's reach",
      tag,
      access: requires("student.update"),
      params: z.object({ id: uuidParam }),
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      const actor = c.get("actor");
      await db.transaction((tx) => reverseMove(tx, scope, actor, params.id));
      return c.json({ message: m.moveReversed });
    },
  );
}
