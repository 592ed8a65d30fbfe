import { NIGERIAN_STATES } from "../../db/reference/nigeria";
import { lgasOfState } from "../../db/reference/enums";

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The LGAs of the state a district belongs to, by its state portal's name ('Lagos State', 'Lagos',
 * 'FCT - Abuja', 'Federal Capital Territory'); none for a name that is not one of Nigeria's states.
 */
export function lgasOfStatePortal(stateName: string): readonly string[] {
  const name = stateName.trim();
  const candidates = [name, name.replace(/\s+state$/i, "")];
  if (/\b(fct|federal capital territory|abuja)\b/i.test(name)) candidates.push("FCT - Abuja");
  for (const candidate of candidates) {
    const state = NIGERIAN_STATES.find((s) => same(s, candidate));
    if (state) return lgasOfState(state) ?? [];
  }
  return [];
}

/** The state's LGA this names, spelt as the list spells it (case and surrounding spaces ignored), or undefined. */
export const listedLocalGovernment = (lgas: readonly string[], value: string) => lgas.find((lga) => same(lga, value));
