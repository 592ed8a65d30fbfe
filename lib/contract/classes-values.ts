// What the browser needs of classes without zod (levels, the standard class types, messages); classes.ts re-exports it with the schemas.
import type { SchoolCategory } from "./schools-values";

/** The levels of Nigerian basic and secondary education, in order (architecture 'Classes'). */
export const classLevels = ["Pre-primary", "Primary", "Junior Secondary", "Senior Secondary"] as const;
export type ClassLevel = (typeof classLevels)[number];

/** The class types every district starts with, in order; the district may add its own beside them. */
export const standardClassTypes: readonly { name: string; level: ClassLevel }[] = [
  ...[1, 2].map((n) => ({ name: `Nursery ${n}`, level: "Pre-primary" as const })),
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ name: `Primary ${n}`, level: "Primary" as const })),
  ...[1, 2, 3].map((n) => ({ name: `JSS ${n}`, level: "Junior Secondary" as const })),
  ...[1, 2, 3].map((n) => ({ name: `SSS ${n}`, level: "Senior Secondary" as const })),
];

/**
 * The levels a school of each category may have classes at: a primary school may have a nursery section,
 * a technical college teaches at senior secondary level, a special needs school may teach at any level.
 */
export const levelsOfCategory: Record<SchoolCategory, readonly ClassLevel[]> = {
  Nursery: ["Pre-primary"],
  Primary: ["Pre-primary", "Primary"],
  "Junior Secondary": ["Junior Secondary"],
  "Senior Secondary": ["Senior Secondary"],
  "Technical College": ["Senior Secondary"],
  "Special Needs": classLevels,
};

/** The levels the standard set of a school's category creates by default (a primary school's nursery section is opted into). */
export const standardSetLevels: Record<SchoolCategory, readonly ClassLevel[]> = {
  ...levelsOfCategory,
  Primary: ["Primary"],
  "Special Needs": ["Primary"],
};

/** A class's name from its type and arm: "JSS 2" and "B" make "JSS 2B"; a longer arm is set apart ("JSS 2 Gold"). */
export const className = (typeName: string, arm: string) => (arm.length === 1 ? `${typeName}${arm}` : `${typeName} ${arm}`);

/** Messages of the class and class-type routes and forms, shown as they come. */
export const classMessages = {
  schoolRequired: "Choose a school.",
  classTypeRequired: "Choose a class type.",
  levelRequired: "Choose a level.",
  armRequired: "Enter an arm, e.g. A.",
  armFormat: "An arm is letters and digits (and spaces), e.g. A or Gold, at most 20 characters.",
  capacityRange: "Capacity must be a whole number from 1 to 200.",
  positionRange: "Order must be a whole number from 1 to 1000.",
  armsRequired: "Choose at least one arm.",
  classTypesRequired: "Choose at least one class type.",
  nameTaken: "This school already has a class with this name.",
  classTypeNameTaken: "A class type with this name already exists.",
  levelNotInSchool: "This school's category does not have classes at this level.",
  teacherNotAtSchool: "The class teacher must be a staff member posted at this school.",
  standardTypeLocked: "The standard class types come with every district and cannot be changed.",
  classTypeInUse: "Classes use this class type. Move or remove them first.",
  staleClass: "This class was changed by someone else. Reload it and try again.",
  staleClassType: "This class type was changed by someone else. Reload it and try again.",
  nothingToCreate: "This school already has every one of these classes.",
  movedWithPupils: "This class has pupils, so it cannot move to another school. Move its pupils to another class first.",
  classesCreated: "Classes Created Successfully",
  classCreated: "Class Created Successfully",
  classUpdated: "Class Updated Successfully",
  classTypeCreated: "Class Type Created Successfully",
  classTypeUpdated: "Class Type Updated Successfully",
  classTypeDeleted: "Class Type Deleted Successfully",
} as const;
