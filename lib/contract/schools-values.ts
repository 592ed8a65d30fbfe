// What the browser needs of this domain without zod (texts, lists, helpers); schools.ts re-exports it with the schemas.
import { tooLong } from "./messages";

export const schoolCategories = ["Nursery", "Primary", "Junior Secondary", "Senior Secondary", "Technical College", "Special Needs"] as const;
/** Spec §6: Principal, Vice Principal and others from a role list. A school has one Principal; the others may be several. */
export const schoolRoleList = ["Principal", "Vice Principal", "Head Teacher", "Bursar", "Exams Officer", "Guidance Counsellor", "Librarian"] as const;
export type SchoolCategory = (typeof schoolCategories)[number];
export type SchoolRoleName = (typeof schoolRoleList)[number];

export const schoolMessages = {
  nameTaken: "The district already has a school with this name.",
  lgaNotInDistrict: "Choose a local government of the district.",
  categoryRequired: "Choose a category.",
  stale: "Someone else changed this school since you opened it. Reload to see their changes.",
  categoryKeepsClasses: "This school has classes at a level this category does not have. Move or remove those classes first.",
  roleRequired: "Choose a school role.",
  staffRequired: "Choose a staff member.",
  alreadyHeld: "That staff member already holds this role in the school.",
  onePrincipal: "The school already has a Principal. Remove them first.",
  roleRemoved: "School role removed",
  /** Every limit message states the limit it enforces. */
  tooLong,
} as const;
