import { and, eq } from "drizzle-orm";
import type { Operation } from "../../lib/contract/permissions";
import { hashPassword, verifyPassword } from "../auth/password";
import type { Db } from "./client";
import { enrolWithSecret } from "../auth/second-factor";
import {
  demoClassesFor,
  demoDistricts,
  demoPasswords,
  demoSecondFactorSecret,
  demoState,
  demoSuperAdmin,
  studentFirstNames,
  studentLastNames,
} from "./demo-data";
import { className } from "../../lib/contract/classes-values";
import { provisionDistrict } from "./provision";
import { classType, district, lgea, requirement, role, roleAccess, school, schoolClass, schoolRole, staff, statePortal, student } from "./schema";
import { systemScope, within } from "./scope";

/** Crosses districts by design: the demo seed. */
const system = systemScope("the demo seed");

const supervisorOps: Operation[] = ["district.view", "school.view", "staff.view", "student.view", "class.view", "lgea.view"];
const recordsOps: Operation[] = [...supervisorOps, "staff.create", "staff.update", "student.create", "student.update"];

/** True when the database holds no state portal yet: the first start of an embedded database. */
export async function isEmpty(db: Db) {
  const rows = await db.select({ id: statePortal.id }).from(statePortal).limit(1);
  return rows.length === 0;
}

/** Whether the demo's super administrator still signs in with the published password: then the demo is running. */
export async function demoIsLive(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ passwordHash: staff.passwordHash })
    .from(staff)
    .where(and(eq(staff.email, demoSuperAdmin.email), within(system, staff)));
  return Boolean(row?.passwordHash) && (await verifyPassword(row?.passwordHash, demoPasswords.superAdmin));
}

/** The warning printed at every start while the demo runs, with its sign-ins. */
export function demoBanner(): string {
  const rule = "!".repeat(78);
  return [
    rule,
    "!! DEMO DATA: the accounts below have PUBLISHED passwords. Anyone can sign in as them.",
    "!! Never put real data in this database, and never expose it beyond this machine.",
    `!!   super administrator   ${demoSuperAdmin.email}  /  ${demoPasswords.superAdmin}`,
    ...demoDistricts.map((d) => `!!   ${d.name} admin   ${d.admin.email}  /  ${demoPasswords.admin}`),
    `!!   other demo staff      <first>.<last>@example.org  /  ${demoPasswords.staff}`,
    `!!   the super administrator and the district admins sign in with two-step codes of the published secret ${demoSecondFactorSecret}`,
    rule,
  ].join("\n");
}

/** The k-th of a non-empty list, round and round. */
function pick<T>(list: readonly T[], k: number): T {
  const item = list[k % list.length];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

const lower = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

/** Writes the demo data of demo-data.ts in one transaction. */
export async function seedDemo(db: Db) {
  const [superHash, adminHash, staffHash] = await Promise.all([
    hashPassword(demoPasswords.superAdmin),
    hashPassword(demoPasswords.admin),
    hashPassword(demoPasswords.staff),
  ]);
  await db.transaction(async (tx) => {
    const [state] = await tx.insert(statePortal).values(demoState).returning();
    if (!state) throw new Error("state insert failed");
    await tx.insert(requirement).values({ stateId: state.id, description: "State education policy document uploaded", completed: true });

    let phone = 8031000000;
    let oracle = 100100;
    for (const [index, d] of demoDistricts.entries()) {
      const [dist] = await tx
        .insert(district)
        .values({
          stateId: state.id,
          name: d.name,
          accountStatus: d.accountStatus,
          address: `${d.name} Office, Alausa, Ikeja, Lagos`,
          phoneNumbers: [`+234${d.admin.phone}`],
          emails: [d.admin.email],
        })
        .returning();
      if (!dist) throw new Error("district insert failed");
      await tx.insert(requirement).values({ stateId: state.id, districtId: dist.id, description: "District contact details provided", completed: true });

      const lgeas = await tx
        .insert(lgea)
        .values(d.lgeas.map((name) => ({ districtId: dist.id, name: `${name} LGEA`, localGovernment: name })))
        .returning();
      const schools = await tx
        .insert(school)
        .values(
          d.schools.map((s) => ({
            districtId: dist.id,
            lgeaId: lgeas.find((l) => l.localGovernment === s.lga)?.id ?? null,
            name: s.name,
            description: `${s.category} school in ${s.lga}`,
            address: `1 School Road, ${s.lga}, Lagos`,
            localGovernment: s.lga,
            category: s.category,
          })),
        )
        .returning();
      const { adminRole } = await provisionDistrict(tx, dist.id);
      const types = await tx.select().from(classType).where(within(system, classType));
      const classes = await tx
        .insert(schoolClass)
        .values(
          schools.flatMap((s) =>
            demoClassesFor(s.category).map((typeName) => {
              const type = types.find((t) => t.districtId === dist.id && t.name === typeName);
              if (!type) throw new Error(`no class type ${typeName}`);
              return { districtId: dist.id, schoolId: s.id, classTypeId: type.id, arm: "A", name: className(typeName, "A") };
            }),
          ),
        )
        .returning();

      const [supervisorRole, recordsRole] = await tx
        .insert(role)
        .values([
          { districtId: dist.id, name: "School Supervisor", description: "Sees schools, staff and students.", operations: supervisorOps },
          { districtId: dist.id, name: "Records Officer", description: "Keeps staff and student records.", operations: recordsOps },
        ])
        .returning();
      if (!supervisorRole || !recordsRole) throw new Error("role insert failed");

      const common = (first: string, last: string, gender: string) => ({
        districtId: dist.id,
        title: gender === "Female" ? "Mrs" : "Mr",
        firstName: first,
        lastName: last,
        gender,
        oracleNumber: `ORC-${oracle++}`,
        tescomNumber: `TSC-${oracle}`,
        dob: `19${70 + (oracle % 25)}-0${1 + (oracle % 9)}-1${oracle % 9}`,
        address: `${oracle % 90} Allen Avenue, Ikeja, Lagos`,
        countryOfOrigin: "Nigeria",
        stateOfOrigin: "Lagos",
        localGovernmentOfOrigin: "Ikorodu",
        countryOfResidence: "Nigeria",
        stateOfResidence: "Lagos",
        localGovernmentOfResidence: d.lgeas[0],
        dateOfEmployment: "2015-09-01",
        maritalStatus: "Married",
        accountStatus: "Active" as const,
      });

      const [admin] = await tx
        .insert(staff)
        .values({
          ...common(d.admin.first, d.admin.last, index === 0 ? "Female" : "Male"),
          email: d.admin.email,
          username: `admin${d.key}`,
          phoneNumber: d.admin.phone,
          passwordHash: adminHash,
          staffType: "Non-Teaching",
        })
        .returning();
      if (!admin) throw new Error("admin insert failed");
      await enrolWithSecret(tx, [admin.id], demoSecondFactorSecret);
      await tx
        .update(district)
        .set({ ownerStaffId: admin.id })
        .where(and(eq(district.id, dist.id), within(system, district)));
      await tx
        .insert(roleAccess)
        .values({ staffId: admin.id, districtId: dist.id, organizationType: "District", organizationId: dist.id, roleId: adminRole.id });

      const people = await tx
        .insert(staff)
        .values(
          d.people.map((p, i) => ({
            ...common(p.first, p.last, p.gender),
            email: `${lower(p.first)}.${lower(p.last)}@example.org`,
            phoneNumber: String(phone++),
            passwordHash: staffHash,
            staffType: p.type,
            schoolId: schools[i % schools.length]?.id ?? null,
          })),
        )
        .returning();
      const teachers = people.filter((p) => p.staffType === "Teaching");
      await tx.insert(schoolRole).values(
        schools.flatMap((s, i) => {
          const principal = teachers[i];
          const vice = teachers[i + schools.length];
          return [
            ...(principal ? [{ districtId: dist.id, schoolId: s.id, role: "Principal", staffId: principal.id }] : []),
            ...(vice && i < schools.length - 1 ? [{ districtId: dist.id, schoolId: s.id, role: "Vice Principal", staffId: vice.id }] : []),
          ];
        }),
      );
      const nonTeaching = people.filter((p) => p.staffType === "Non-Teaching");
      await tx
        .insert(roleAccess)
        .values([
          ...nonTeaching
            .slice(0, 1)
            .map((p) => ({ staffId: p.id, districtId: dist.id, organizationType: "District" as const, organizationId: dist.id, roleId: recordsRole.id })),
          ...teachers
            .slice(0, 1)
            .map((p) => ({ staffId: p.id, districtId: dist.id, organizationType: "District" as const, organizationId: dist.id, roleId: supervisorRole.id })),
        ]);

      let admission = 1;
      await tx.insert(student).values(
        schools.flatMap((s, si) =>
          Array.from({ length: 12 + si * 4 }, (_, k) => ({
            districtId: dist.id,
            schoolId: s.id,
            classId: pick(
              classes.filter((c) => c.schoolId === s.id),
              k,
            ).id,
            firstName: studentFirstNames[(k + si) % studentFirstNames.length] ?? "Tobi",
            lastName: studentLastNames[(k * 3 + si) % studentLastNames.length] ?? "Ajayi",
            gender: k % 2 === 0 ? "Female" : "Male",
            dob: `201${k % 8}-0${1 + (k % 9)}-15`,
            admissionNumber: `${d.key.toUpperCase()}-${String(admission++).padStart(5, "0")}`,
            stateOfOrigin: "Lagos",
            localGovernmentOfOrigin: s.localGovernment,
            stateOfResidence: "Lagos",
            localGovernmentOfResidence: s.localGovernment,
            dateOfAdmission: `20${20 + (k % 6)}-09-1${k % 9}`,
            address: `${10 + k} School Road, ${s.localGovernment}, Lagos`,
            guardianName: `${k % 2 === 0 ? "Mrs" : "Mr"} ${studentLastNames[(k * 3 + si) % studentLastNames.length] ?? "Ajayi"}`,
            guardianRelationship: k % 2 === 0 ? "Mother" : "Father",
            guardianPhoneCode: "+234",
            guardianPhone: String(8051000000 + admission),
            specialNeeds: "None" as const,
          })),
        ),
      );

      if (index === 0) {
        const [superAdmin] = await tx
          .insert(staff)
          .values({
            ...common(demoSuperAdmin.first, demoSuperAdmin.last, "Male"),
            email: demoSuperAdmin.email,
            username: "superadmin",
            phoneNumber: demoSuperAdmin.phone,
            passwordHash: superHash,
            staffType: "Non-Teaching",
            isSuperAdmin: true,
          })
          .returning({ id: staff.id });
        await enrolWithSecret(tx, superAdmin ? [superAdmin.id] : [], demoSecondFactorSecret);
      }
    }
  });
}
