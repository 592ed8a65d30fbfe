import { DEFAULT_COUNTRY } from "../../db/reference/nigeria";
import { lgasOfState } from "../../db/reference/enums";
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

/** In Nigeria the state and LGA must be real ones, and the LGA must lie in the state (the lists of GET /generic-apis/all-enum). */
export function assertKnownPlaces(places: Places) {
  const issues: { path: string; message: string }[] = [];
  for (const kind of ["Origin", "Residence"] as const) {
    if (places[`countryOf${kind}`] !== DEFAULT_COUNTRY) continue;
    const lgas = lgasOfState(places[`stateOf${kind}`]);
    if (!lgas) issues.push({ path: `stateOf${kind}`, message: fieldMessages.stateRequired });
    else if (!lgas.includes(places[`localGovernmentOf${kind}`])) issues.push({ path: `localGovernmentOf${kind}`, message: fieldMessages.lgaRequired });
  }
  if (issues.length > 0) throw new AppError("validation", formInvalidMessage, issues);
}
