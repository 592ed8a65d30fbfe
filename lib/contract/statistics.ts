import * as z from "zod/mini";
import { classLevels } from "./classes-values";
import { sessionBounds } from "./configuration-values";
import { uuidParam } from "./fields";
import { schoolCategories } from "./schools-values";
import { genderEnum } from "./staff-values";

export * from "./statistics-values";

const optionalId = z.optional(z.union([z.literal(""), uuidParam]));
const oneOf = <T extends readonly [string, ...string[]]>(values: T, error: string) => z.optional(z.union([z.literal(""), z.enum(values, { error })]));

/**
 * The statistics' filters (issue: statistics), the same for every table and the download: the session
 * (the district's current one when left out), an LGEA, a school category, a class level, a gender, and a
 * school (whose class arms are then listed). `district[0]` is the caller's district when left out; another
 * only for a super administrator.
 */
export const statisticsQuerySchema = z.object({
  "district[0]": z.optional(uuidParam),
  session: z.optional(
    z.union([z.literal(""), z.string().check(z.refine((v) => sessionBounds(v) !== null, "Enter the session as two consecutive years, e.g. 2026/2027."))]),
  ),
  lgeaId: optionalId,
  schoolId: optionalId,
  category: oneOf(schoolCategories, "Not a school category."),
  level: oneOf(classLevels, "Not a class level."),
  gender: oneOf(genderEnum, "Choose Male or Female."),
});
export type StatisticsQuery = z.input<typeof statisticsQuerySchema>;
export type StatisticsFilters = z.output<typeof statisticsQuerySchema>;
