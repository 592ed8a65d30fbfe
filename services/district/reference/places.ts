import { DEFAULT_COUNTRY, NIGERIAN_STATES } from "../../db/reference/nigeria";
import { lgasOfState } from "../../db/reference/enums";
import type { FieldIssue } from "../../../lib/contract/errors";
import { fieldMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { AppError } from "../../http/errors";

type Places = {
  countryOfOrigin: string;
  stateOfOrigin: string;
  localGovernmentOfOrigin: string;
  countryOfResidence: string;
  stateOfResidence: string;
  localGovernmentOfResidence: string;
};

const kinds = ["Origin", "Residence"] as const;

/** In Nigeria the state and LGA must be real ones, and the LGA must lie in the state (the lists of GET /generic-apis/all-enum); per field. */
export function placeIssues(places: Places): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const kind of kinds) {
    if (places[`countryOf${kind}`] !== DEFAULT_COUNTRY) continue;
    const lgas = lgasOfState(places[`stateOf${kind}`]);
    if (!lgas) issues.push({ path: `stateOf${kind}`, message: fieldMessages.stateRequired });
    else if (!lgas.includes(places[`localGovernmentOf${kind}`])) issues.push({ path: `localGovernmentOf${kind}`, message: fieldMessages.lgaRequired });
  }
  return issues;
}

/** `placeIssues` for a form: any issue refuses it. */
export function assertKnownPlaces(places: Places) {
  const issues = placeIssues(places);
  if (issues.length > 0) throw new AppError("validation", formInvalidMessage, issues);
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const listed = (list: readonly string[] | undefined, value: string) => list?.find((name) => sameName(name, value)) ?? value;

/**
 * Places typed by hand (a spreadsheet's cells rather than the form's lists) spelt as the lists spell them
 * when they match but for case and surrounding spaces ('lagos' → 'Lagos'); anything else is left as typed.
 */
export function spelledAsListed<T extends Partial<Places>>(places: T): T {
  const spelt: Partial<Places> = { ...places };
  for (const kind of kinds) {
    const country = places[`countryOf${kind}`];
    if (country === undefined || !sameName(country, DEFAULT_COUNTRY)) continue;
    const state = listed(NIGERIAN_STATES, places[`stateOf${kind}`] ?? "");
    spelt[`countryOf${kind}`] = DEFAULT_COUNTRY;
    spelt[`stateOf${kind}`] = state;
    spelt[`localGovernmentOf${kind}`] = listed(lgasOfState(state), places[`localGovernmentOf${kind}`] ?? "");
  }
  return spelt as T;
}
