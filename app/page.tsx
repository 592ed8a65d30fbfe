import { redirect } from "next/navigation";
import { landingPath } from "@/lib/routes";
import { getSignedInUser } from "@/lib/server-api";

/** Home sends each user to their area (architecture, 'Routes the spec does not name'). */
export default async function HomePage() {
  const user = await getSignedInUser();
  redirect(landingPath(user.staff.isSuperAdmin));
}
