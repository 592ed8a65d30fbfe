// What the browser needs of students without zod (lists, messages, helpers); students.ts re-exports it with the schemas.

/** Where a pupil stands (architecture 'Students'); the admission register lists Enrolled pupils unless asked otherwise. */
export const enrolmentStatuses = ["Enrolled", "Transferred out", "Graduated", "Withdrawn"] as const;
export type EnrolmentStatus = (typeof enrolmentStatuses)[number];

export const specialNeedsOptions = ["None", "Visual", "Hearing", "Physical", "Learning", "Other"] as const;
export type SpecialNeeds = (typeof specialNeedsOptions)[number];

export const guardianRelationships = ["Mother", "Father", "Grandparent", "Aunt", "Uncle", "Sibling", "Guardian", "Other"] as const;

/** How long a group move can be undone as a whole (architecture 'Students'). */
export const GROUP_MOVE_REVERSIBLE_HOURS = 24;

/** Messages of the student routes and forms beyond the shared field messages, shown as they come. */
export const studentMessages = {
  admissionNumberTaken: "Another pupil of the district already has this admission number.",
  admissionNumberFormat: "An admission number is letters, digits and / - _ . only, at most 50 characters.",
  classNotInSchool: "Choose a class of the pupil's school.",
  schoolRequired: "Choose a school.",
  relationshipRequired: "Choose the guardian's relationship to the pupil.",
  admissionInFuture: "The date of admission cannot be in the future.",
  admissionBeforeBirth: "The date of admission cannot be before the date of birth.",
  dobInFuture: "Date of birth cannot be in the future.",
  staleVersion: "This pupil's record was changed by someone else. Reload it and try again.",
  photoUpdated: "Photo Updated Successfully",
  /** The form's warning (it does not block): pupils of the district with the same names, gender and date of birth. */
  possibleDuplicate: "Possible duplicate: a pupil with the same names, gender and date of birth is already in the district.",
  nothingToMove: "Choose a new class or a new school.",
  studentsRequired: "Select at least one pupil.",
  tooManyStudents: "Move at most 1,000 pupils at a time.",
  moveClassNotInSchool: "The new class must belong to the new school.",
  moveNotReversible: "This move can no longer be undone: it is more than a day old, already undone, or some of its pupils have changed since.",
  moveReversed: "Move Undone Successfully",
  moved: "Students Moved Successfully",
  /** A selected pupil the scope does not reach (or no pupil at all): the 404 names each one's place in studentIds. */
  moveStudentNotFound: "This pupil was not found: remove them from the selection.",
  allAlreadyThere: "Every selected pupil is already there.",
  moveOutOfReach: "Some pupils of this move are at schools outside your reach: ask the district office to undo it.",
  limitRange: "Limit must be a whole number from 1 to 1000.",
  pageRange: "Page must be a whole number from 1.",
  startAfterEnd: "The start date must not be after the end date.",
} as const;

/** The ages (on 1 September of the admission year) at which pupils usually start each level: outside them the form warns, it does not block. */
export const plausibleAgeOfLevel: Record<string, { min: number; max: number }> = {
  "Pre-primary": { min: 2, max: 7 },
  Primary: { min: 4, max: 15 },
  "Junior Secondary": { min: 9, max: 19 },
  "Senior Secondary": { min: 12, max: 23 },
};

/** Whole years from a date of birth to a day (both YYYY-MM-DD). */
export function ageOn(dob: string, day: string): number {
  const [by, bm, bd] = dob.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The warning the form shows when a pupil's age is unusual for their class's level, or null. */
export function ageWarning(dob: string, dateOfAdmission: string, level: string | undefined): string | null {
  const range = level ? plausibleAgeOfLevel[level] : undefined;
  if (!range || !/^\d{4}-\d{2}-\d{2}$/.test(dob) || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfAdmission)) return null;
  const age = ageOn(dob, dateOfAdmission);
  if (age >= range.min && age <= range.max) return null;
  return `This pupil would be ${age} at admission, unusual for ${level} (usually ${range.min} to ${range.max}). Check the date of birth and the class.`;
}
