import * as z from "zod/mini";
import { nameWithin, optionalId, speltChoice, uuidParam, versionField, wholeNumber, withinPagingDepth } from "./fields";
import { spellClassLevel } from "./local-formats";
import { classLevels, classMessages, type ClassLevel } from "./classes-values";

export * from "./classes-values";

/** A class type of the district's own (name, level, order); the standard ones are fixed. */
export const classTypeFormSchema = z.object({
  name: nameWithin(50),
  level: speltChoice(classLevels, spellClassLevel, classMessages.levelRequired),
  position: wholeNumber(classMessages.positionRange, 1, 1000),
});
export type ClassTypeForm = z.input<typeof classTypeFormSchema>;
export const classTypeUpdateSchema = z.extend(classTypeFormSchema, { version: versionField });

/** An arm: "A", "B", … (a single letter is upper-cased) or a word such as "Gold". */
export const armField = z.pipe(
  z
    .string({ error: classMessages.armRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: classMessages.armRequired, abort: true }),
      z.maxLength(20, classMessages.armFormat),
      z.regex(/^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/, classMessages.armFormat),
    ),
  z.transform((v) => (v.length === 1 ? v.toUpperCase() : v)),
);

const capacityField = wholeNumber(classMessages.capacityRange, 1, 200);

/** POST /class/add: the class dialog (school, class type, arm, class teacher, capacity). */
export const classFormSchema = z.object({
  schoolId: z.uuid({ error: classMessages.schoolRequired }),
  classTypeId: z.uuid({ error: classMessages.classTypeRequired }),
  arm: armField,
  classTeacherId: optionalId,
  capacity: capacityField,
});
export type ClassForm = z.input<typeof classFormSchema>;
/** PATCH /class/update/{id}: the same fields with the version the dialog read. */
export const classUpdateSchema = z.extend(classFormSchema, { version: versionField });

/**
 * POST /class/standard-set-review and POST /class/add-standard-set: one class per chosen class type and
 * arm for a school (e.g. Primary 1–6, arms A and B); the review lists what would be created and what exists.
 */
export const standardSetSchema = z.object({
  schoolId: z.uuid({ error: classMessages.schoolRequired }),
  classTypeIds: z.array(uuidParam).check(z.minLength(1, classMessages.classTypesRequired), z.maxLength(50, classMessages.classTypesRequired)),
  arms: z.array(armField).check(z.minLength(1, classMessages.armsRequired), z.maxLength(26, classMessages.armFormat)),
  capacity: capacityField,
});
export type StandardSetForm = z.input<typeof standardSetSchema>;

const limitMessage = "Limit must be a whole number from 1 to 1000.";
const pageMessage = "Page must be a whole number from 1.";
/** GET /class/view-all: the district's classes (in the caller's scope) by school and class type, a page at a time. */
export const classListQuerySchema = z
  .object({
    school: z.optional(z.union([z.literal(""), uuidParam])),
    classType: z.optional(z.union([z.literal(""), uuidParam])),
    limit: z._default(wholeNumber(limitMessage, 1, 1000), 100),
    page: z._default(wholeNumber(pageMessage, 1), 1),
  })
  .check(withinPagingDepth);
export type ClassListQuery = z.input<typeof classListQuerySchema>;

/** GET /class-arm/list-of-class-types: in order; `classes` counts the classes that use each. */
export type ClassTypeItem = { id: string; name: string; level: ClassLevel; position: number; standard: boolean; classes: number; version: number };
export type ClassTypeList = { classTypes: ClassTypeItem[] };

/** A class as the list and GET /class/view/{id} show it. */
export type ClassItem = {
  id: string;
  name: string;
  arm: string;
  school: { id: string; name: string; category: string };
  classType: { id: string; name: string; level: ClassLevel };
  classTeacher: { id: string; firstName: string; lastName: string } | null;
  capacity: number;
  pupils: number;
  version: number;
};
export type ClassPage = { classes: ClassItem[]; total: number; page: number; limit: number };
/** What POST /class/standard-set-review answers (and add-standard-set creates): names to create and names already there. */
export type StandardSetReview = { create: { classTypeId: string; arm: string; name: string }[]; existing: string[] };
