import { genderEnum } from "../../../lib/contract/staff";
import { guardianRelationships, specialNeedsOptions } from "../../../lib/contract/students";
import { DEFAULT_COUNTRY_CODE } from "../../db/reference/nigeria";

/** Reading the student sheet's cells as people type them: choices, dates and phone numbers in the forms the schema takes. */

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
/** A typed choice spelt as the list spells it when it matches but for case, spaces and punctuation ('female', 'grand parent'). */
const speller = (list: readonly string[]) => {
  const bySquashed = new Map(list.map((option) => [squash(option), option]));
  return (value: string) => bySquashed.get(squash(value)) ?? value;
};
export const spellGender = speller(genderEnum);
export const spellRelationship = speller(guardianRelationships);
export const spellSpecialNeeds = speller(specialNeedsOptions);

/** A day as the schema takes it: YYYY-MM-DD, or DD/MM/YYYY (how Nigerian sheets write dates) turned into it. */
export function isoDay(value: string): string {
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  return dayFirst ? `${dayFirst[3]}-${dayFirst[2]?.padStart(2, "0")}-${dayFirst[1]?.padStart(2, "0")}` : value;
}

/** The phone cell as code and ten digits: 0803 123 4567, +234 803 123 4567, 2348031234567 and 8031234567 are all +234 8031234567. */
export function splitPhone(cell: string): { code: string; number: string } {
  const compact = cell.replace(/[\s().-]/g, "").replace(/^\+2340(?=\d{10}$)/, "+234");
  const withCode = /^\+(\d{1,4})(\d{10})$/.exec(compact);
  if (withCode) return { code: `+${withCode[1]}`, number: withCode[2] ?? "" };
  const national = /^(?:234|0)(\d{10})$/.exec(compact);
  return { code: DEFAULT_COUNTRY_CODE, number: national?.[1] ?? compact };
}
