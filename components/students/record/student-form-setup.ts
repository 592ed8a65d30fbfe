import "server-only";
import type { SignedInUser } from "@/lib/contract/user";
import { classReads } from "@/lib/queries/classes";
import { configurationReads } from "@/lib/queries/configuration";
import { referenceReads } from "@/lib/queries/reference";
import { schoolReads } from "@/lib/queries/schools";
import type { serverQueries } from "@/lib/server-prefetch";
import { ServerApiError } from "@/lib/server-api";
import type { StudentFieldsProps } from "./student-details-fields";

/**
 * What the student form needs on first paint, read on the server: the states and LGAs, the schools and
 * (editing) the pupil's school's classes the user may list, and the admission-number pattern for the hint.
 */
export async function studentFormSetup(
  user: SignedInUser,
  queries: ReturnType<typeof serverQueries>,
  schoolId?: string,
): Promise<Omit<StudentFieldsProps, "own">> {
  const can = new Set(user.permissions);
  const districtId = user.staff.district.id;
  const listSchools = can.has("school.view");
  const listClasses = can.has("class.view");
  const [configuration] = await Promise.all([
    // Only a hint: without it (or the right to read it) the form says so in general words.
    can.has("configuration.view")
      ? queries.fetch(configurationReads.current(districtId)).catch((error: unknown) => {
          if (error instanceof ServerApiError) return null;
          throw error; // a redirect (the session ended) goes on
        })
      : null,
    queries.prefetch(referenceReads.allEnum()),
    listSchools ? queries.prefetch(schoolReads.byDistrict(districtId)) : null,
    listClasses && schoolId ? queries.prefetch(classReads.ofSchool(schoolId)) : null,
  ]);
  return { districtId, can: { listSchools, listClasses }, admissionPattern: configuration?.configuration.admissionNumberPattern ?? null };
}
