import * as z from "zod/mini";
import { nameWithin, requiredText, text, uuidParam, versionField, wholeNumber, withinPagingDepth } from "./fields";
import { fieldMessages } from "./messages";
import { schoolCategories, schoolMessages, schoolRoleList, type SchoolCategory } from "./schools-values";

export * from "./schools-values";

/** The school form (create and edit) and the API's school body: the same rules everywhere. */
export const schoolFormSchema = z.object({
  name: nameWithin(150),
  description: z._default(text(300), ""),
  address: requiredText(300),
  localGovernment: requiredText(100, fieldMessages.lgaRequired),
  category: z.enum(schoolCategories, { error: schoolMessages.categoryRequired }),
});
export type SchoolForm = z.input<typeof schoolFormSchema>;
export const schoolUpdateSchema = z.extend(schoolFormSchema, { version: versionField });

const limitMessage = "Limit must be a whole number from 1 to 1000.";
const pageMessage = "Page must be a whole number from 1.";
/** GET school/search (spec §3 'Search filters: Schools'). `district` may also come as `district[0]`. */
const schoolSearchFields = z.object({
  district: z.optional(uuidParam),
  "district[0]": z.optional(uuidParam),
  searchTerm: z._default(text(100), ""),
  localGovernment: z._default(text(100), ""),
  schoolCategory: z._default(text(100), ""),
  limit: z._default(wholeNumber(limitMessage, 1, 1000), 12),
  page: z._default(wholeNumber(pageMessage, 1), 1),
});
export const schoolSearchQuerySchema = schoolSearchFields.check(withinPagingDepth);
export type SchoolSearchQuery = z.input<typeof schoolSearchQuerySchema>;
/** GET school/search-total: how many schools a filter finds, asked once per filter rather than with every page. */
export const schoolTotalQuerySchema = z.omit(schoolSearchFields, { limit: true, page: true });

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
