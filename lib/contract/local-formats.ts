// How people in Nigeria type phone numbers, dates and choices, turned into the forms the schemas keep.
// One set of rules for the forms, the BFF, the API and the spreadsheet importer, so a value accepted in one
// place is accepted, and stored the same way, in every other. Plain functions (no zod): the browser's date
// field and the importer use them directly, the contract's field schemas apply them before validating.
import { classLevels } from "./classes-values";
import { guardianRelationships, specialNeedsOptions } from "./students-values";
import { genderEnum, maritalStatusEnum, titleEnum } from "./staff-values";
import { staffTypes } from "./user";

/** Spaces, dashes, dots and brackets people put in a phone number ('0803-123 4567', '+234 (0)803…'). */
const phoneSeparators = /[\s().-]/g;

/**
 * A phone number as its last ten digits when it is a Nigerian number typed with a leading 0, with 234 or
 * +234 (also '+234 (0)803…'), or with spaces and dashes: '0803 444 5566', '+234 803 444 5566' and
 * '2348034445566' are all '8034445566'. Anything else comes back trimmed, for the schema to refuse.
 */
export function lastTenDigits(value: string): string {
  const compact = value.replace(phoneSeparators, "");
  const national = /^(?:\+?2340?|0)?(\d{10})$/.exec(compact);
  return national?.[1] ?? value.trim();
}

/**
 * A phone cell as its code and ten digits: 0803 123 4567, +234 803 123 4567, +234 (0)803 123 4567,
 * 2348031234567 and 8031234567 are all +234 8031234567; another code is kept ('+44 7700900123').
 */
export function splitPhone(cell: string, defaultCode = "+234"): { code: string; number: string } {
  const compact = cell.replace(phoneSeparators, "").replace(/^\+2340(?=\d{10}$)/, "+234");
  const withCode = /^\+(\d{1,4})(\d{10})$/.exec(compact);
  if (withCode) return { code: `+${withCode[1]}`, number: withCode[2] ?? "" };
  // Anything else goes to the schema as typed, which says what is wrong with it.
  return { code: defaultCode, number: lastTenDigits(compact) };
}

/**
 * A day as the API keeps it (YYYY-MM-DD) from the Nigerian order as typed: day/month/year with /, - or .
 * between ('14/05/1972', '4-5-1972', '14.05.1972'). YYYY-MM-DD stays; anything else comes back trimmed for
 * the schema to refuse (an eight-digit run such as 19851002 is refused: it could be either order).
 */
export function isoDay(value: string): string {
  const typed = value.trim();
  const dayFirst = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(typed);
  return dayFirst ? `${dayFirst[4]}-${dayFirst[3]?.padStart(2, "0")}-${dayFirst[1]?.padStart(2, "0")}` : typed;
}

/**
 * The date field's text as digits are typed: a '/' added after the day and after the month ('14' then
 * '0' gives '14/0'), so a date typed as eight digits reads as day/month/year. Only when a digit was added
 * at the end; deleting, pasting and typed separators are left alone.
 */
export function withDateSeparators(previous: string, next: string): string {
  if (next.length !== previous.length + 1 || !next.startsWith(previous)) return next;
  return /^\d{3}$|^\d{2}\/\d{3}$/.test(next) ? `${next.slice(0, -1)}/${next.slice(-1)}` : next;
}

/**
 * The date field's text when characters were added at its end all at once because they were typed before the
 * page's script ran (the field then learns them in one go): as if typed one by one. A pasted value is still
 * left alone (withDateSeparators); only the field's hydration calls this.
 */
export function typedBeforeScript(previous: string, next: string): string {
  if (!next.startsWith(previous)) return next;
  return [...next.slice(previous.length)].reduce((shown, character) => withDateSeparators(shown, shown + character), previous);
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * A typed choice spelt as the list spells it when it matches but for case, spaces and punctuation ('female',
 * 'non teaching', 'mr.'), or is one of the list's common abbreviations (keys squashed: 'f' for Female).
 * Anything else comes back as typed, for the schema to refuse.
 */
export const speller = <T extends string>(list: readonly T[], abbreviations: Record<string, T> = {}) => {
  const bySquashed = new Map<string, T>([...Object.entries(abbreviations), ...list.map((option) => [squash(option), option] as const)]);
  return (value: string): string => bySquashed.get(squash(value)) ?? value;
};

/** Gender as the lists spell it, from 'F', 'm', 'female' and the like (forms, uploads and their preview alike). */
export const spellGender = speller(genderEnum, { f: "Female", m: "Male" });

/** A title from its long form or a usual short one: 'Doctor', 'Engineer', 'Eng.', 'Barrister', 'Alh.', 'Honourable'. */
export const spellTitle = speller(titleEnum, {
  mister: "Mr",
  doctor: "Dr",
  professor: "Prof",
  engineer: "Engr",
  eng: "Engr",
  barrister: "Barr",
  alh: "Alhaji",
  reverend: "Rev",
  revd: "Rev",
  pst: "Pastor",
  honourable: "Hon",
  honorable: "Hon",
});

/** Marital status from its initial as forms abbreviate it ('S', 'M', 'D', 'W') or 'Sep.' for Separated. */
export const spellMaritalStatus = speller(maritalStatusEnum, { s: "Single", m: "Married", d: "Divorced", w: "Widowed", sep: "Separated" });

/** Staff type from 'T' or 'NT' (also 'non-tch', 'teacher'). */
export const spellStaffType = speller(staffTypes, { t: "Teaching", teacher: "Teaching", nt: "Non-Teaching", nontch: "Non-Teaching" });

/** A class level from the words schools use for it: 'Nursery', 'Pry', 'JSS', 'SSS' (also 'JS', 'SS'). */
export const spellClassLevel = speller(classLevels, {
  nursery: "Pre-primary",
  pry: "Primary",
  pri: "Primary",
  jss: "Junior Secondary",
  js: "Junior Secondary",
  sss: "Senior Secondary",
  ss: "Senior Secondary",
});

/** A guardian's relationship from its usual short or family words ('Mum', 'Dad', 'Grandmother', 'Brother'). */
export const spellRelationship = speller(guardianRelationships, {
  mum: "Mother",
  mom: "Mother",
  mummy: "Mother",
  dad: "Father",
  daddy: "Father",
  grandmother: "Grandparent",
  grandfather: "Grandparent",
  grandma: "Grandparent",
  grandpa: "Grandparent",
  brother: "Sibling",
  sister: "Sibling",
});

/** Special needs: 'nil', 'n/a' and 'no' read as None. */
export const spellSpecialNeeds = speller(specialNeedsOptions, { nil: "None", na: "None", no: "None" });
