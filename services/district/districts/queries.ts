import { and, count, desc, eq, sql } from "drizzle-orm";
import type { DistrictProfile } from "../../../lib/contract/district";
import { imageLocation, type DistrictImageSlot } from "../../../lib/contract/images";
import type { DashboardInformation } from "../../../lib/contract/dashboard";
import type { Reader, Tx } from "../../db/client";
import { district, lgea, school, schoolClass, staff, student } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";

export type DistrictRow = typeof district.$inferSelect;

/** The logo or one of the four image slots. */
export type ImageTarget = "logo" | DistrictImageSlot;

/** Which column holds each image. */
export const imageColumn = {
  logo: "logoId",
  districtImageOne: "imageOneId",
  districtImageTwo: "imageTwoId",
  districtImageThree: "imageThreeId",
  districtImageFour: "imageFourId",
} as const satisfies Record<ImageTarget, keyof DistrictRow>;

const locationOf = (id: string | null) => (id ? imageLocation(id) : null);

export const toDistrictProfile = (d: DistrictRow): DistrictProfile => ({
  id: d.id,
  name: d.name,
  address: d.address,
  phoneNumbers: d.phoneNumbers,
  emails: d.emails,
  accountStatus: d.accountStatus,
  logo: locationOf(d.logoId),
  districtImageOne: locationOf(d.imageOneId),
  districtImageTwo: locationOf(d.imageTwoId),
  districtImageThree: locationOf(d.imageThreeId),
  districtImageFour: locationOf(d.imageFourId),
  version: d.version,
});

export async function findDistrict(db: Reader, scope: StaffScope, id: string): Promise<DistrictRow | undefined> {
  const [row] = await db
    .select()
    .from(district)
    .where(and(eq(district.id, id), within(scope, district)));
  return row;
}

/** Sets image columns, which the details form's version does not guard. */
export async function setDistrictImages(tx: Tx, scope: StaffScope, id: string, changes: Partial<Record<(typeof imageColumn)[ImageTarget], string>>) {
  const [row] = await tx
    .update(district)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(district.id, id), within(scope, district)))
    .returning();
  return row;
}

/** The figures of the dashboard, for what the scope reaches (the district, or an LGEA's or school's part of it). */
export async function dashboardFigures(db: Reader, scope: StaffScope): Promise<DashboardInformation> {
  const [[schools], [lgeas], [classes], [staffCounts], [studentCounts], perLgea] = await Promise.all([
    db.select({ n: count() }).from(school).where(within(scope, school)),
    db.select({ n: count() }).from(lgea).where(within(scope, lgea)),
    db.select({ n: count() }).from(schoolClass).where(within(scope, schoolClass)),
    db
      .select({ total: count(), teaching: sql<number>`count(*) filter (where ${staff.staffType} = 'Teaching')`.mapWith(Number) })
      .from(staff)
      .where(and(within(scope, staff), eq(staff.isSuperAdmin, false))),
    db
      .select({
        total: count(),
        male: sql<number>`count(*) filter (where ${student.gender} = 'Male')`.mapWith(Number),
        female: sql<number>`count(*) filter (where ${student.gender} = 'Female')`.mapWith(Number),
      })
      .from(student)
      .where(within(scope, student)),
    db
      .select({ lgea: sql<string>`coalesce(${lgea.name}, 'No LGEA')`, students: count(student.id) })
      .from(student)
      .innerJoin(school, eq(school.id, student.schoolId))
      .leftJoin(lgea, eq(lgea.id, school.lgeaId))
      .where(within(scope, student))
      .groupBy(lgea.name)
      .orderBy(desc(count(student.id))),
  ]);
  const staffTotal = staffCounts?.total ?? 0;
  const teaching = staffCounts?.teaching ?? 0;
  return {
    schools: schools?.n ?? 0,
    lgeas: lgeas?.n ?? 0,
    classes: classes?.n ?? 0,
    staff: { total: staffTotal, teaching, nonTeaching: staffTotal - teaching },
    students: { total: studentCounts?.total ?? 0, male: studentCounts?.male ?? 0, female: studentCounts?.female ?? 0 },
    studentsPerLgea: perLgea,
  };
}
