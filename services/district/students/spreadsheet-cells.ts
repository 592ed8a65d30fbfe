import { isoDay, spellGender, spellRelationship, spellSpecialNeeds, splitPhone } from "../../../lib/contract/local-formats";

/**
 * Reading the student sheet's cells as people type them: choices, dates and phone numbers in the forms the
 * schema takes, by the contract's rules for local formats (the forms apply the same ones).
 */

export { isoDay, spellGender, spellRelationship, spellSpecialNeeds, splitPhone };
