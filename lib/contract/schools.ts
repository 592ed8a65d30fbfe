import { z } from "zod";
import { fieldMessages } from "./messages";

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
  roleRequired: "Choose a school role.",
  staffRequired: "Choose a staff member.",
  alreadyHeld: "That staff member already holds this role in the school.",
  onePrincipal: "The school already has a Principal. Remove them first.",
  roleRemoved: "School role removed",
  /** Every limit message states the limit it enforces. */
  tooLong: (limit: number) => `At most ${limit} characters.`,
} as const;

/** The school form (create and edit) and the API's school body: the same rules everywhere. */
export const schoolFormSchema = z.object({
  name: z
    .string({ error: fieldMessages.nameRequired })
    .trim()
    .min(1, { error: fieldMessages.nameRequired, abort: true })
    .min(3, fieldMessages.nameTooShort)
    .max(150, schoolMessages.tooLong(150)),
  description: z.string().trim().max(300, schoolMessages.tooLong(300)).default(""),
  address: z.string({ error: fieldMessages.required }).trim().min(1, fieldMessages.required).max(300, schoolMessages.tooLong(300)),
  localGovernment: z.string({ error: fieldMessages.lgaRequired }).trim().min(1, fieldMessages.lgaRequired).max(100),
  category: z.enum(schoolCategories, { error: schoolMessages.categoryRequired }),
});
export type SchoolForm = z.input<typeof schoolFormSchema>;
export const schoolUpdateSchema = schoolFormSchema.extend({ version: z.number().int().positive() });

const limitMessage = "Limit must be a whole number from 1 to 1000.";
const pageMessage = "Page must be a whole number from 1.";
/** GET school/search (spec §3 'Search filters: Schools'). `district` may also come as `district[0]`. */
export const schoolSearchQuerySchema = z.object({
  district: z.uuid({ error: "Not a valid id." }).optional(),
  "district[0]": z.uuid({ error: "Not a valid id." }).optional(),
  searchTerm: z.string().trim().max(100).default(""),
  localGovernment: z.string().trim().max(100).default(""),
  schoolCategory: z.string().trim().max(100).default(""),
  limit: z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(1000, limitMessage).default(12),
  page: z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).default(1),
});
export type SchoolSearchQuery = z.input<typeof schoolSearchQuerySchema>;
/** GET school/search-total: how many schools a filter finds, asked once per filter rather than with every page. */
export const schoolTotalQuerySchema = schoolSearchQuerySchema.omit({ limit: true, page: true });

export const assignSchoolRoleSchema = z.object({
  role: z.enum(schoolRoleList, { error: schoolMessages.roleRequired }),
  staffId: z.uuid({ error: schoolMessages.staffRequired }),
});
export type AssignSchoolRole = z.input<typeof assignSchoolRoleSchema>;

/** A school as its card shows it (spec §2 'School cards'). */
export type SchoolCard = { id: string; name: string; description: string; address: string; localGovernment: string; category: SchoolCategory };
export type SchoolRoleHolder = { id: string; role: string; staff: { id: string; firstName: string; lastName: string; email: string } };
/** GET school/view/{id}. */
export type SchoolDetail = SchoolCard & { districtId: string; lgea: { id: string; name: string } | null; schoolRoles: SchoolRoleHolder[]; version: number };
/** GET school/get-school-information/{id} (spec §3 'School info'). */
export type SchoolInformation = {
  category: string;
  principal: string | null;
  vicePrincipal: string | null;
  staffCount: number;
  studentCount: number;
  maleStudentCount: number;
  femaleStudentCount: number;
};
export type SchoolSearchResult = { foundSchools: SchoolCard[]; page: number; limit: number };
export type SchoolSearchTotal = { total: number };
