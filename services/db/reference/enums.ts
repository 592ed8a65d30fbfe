import { countries } from "countries-list";
import { DEFAULT_COUNTRY, DEFAULT_COUNTRY_CODE, NIGERIAN_STATES, NIGERIA_STATES_AND_LGAS } from "./nigeria";

import { genderEnum, maritalStatusEnum, titleEnum } from "../../../lib/contract/staff";

const FCT_DISPLAY = "FCT - Abuja";
const FCT_LGA_KEY = "Federal Capital Territory";

/** LGAs of a state, by its display name ('FCT - Abuja') or its name in the LGA list ('Federal Capital Territory'). */
export function lgasOfState(state: string): readonly string[] | undefined {
  const key = state === FCT_DISPLAY ? FCT_LGA_KEY : state;
  return NIGERIA_STATES_AND_LGAS.find((s) => s.state === key)?.lgas;
}

/** The world's countries with their dial codes, from the countries-list package; Nigeria first. */
function worldCountries() {
  const list = Object.entries(countries)
    .map(([iso, c]) => ({ iso, name: c.name, countryCode: c.phone[0] !== undefined ? `+${c.phone[0]}` : "" }))
    .filter((c) => c.countryCode !== "")
    .sort((a, b) => a.name.localeCompare(b.name));
  const nigeria = list.filter((c) => c.name === DEFAULT_COUNTRY);
  return [...nigeria, ...list.filter((c) => c.name !== DEFAULT_COUNTRY)];
}

/** `GET /generic-apis/all-enum` (spec §3 'Configuration data'). Built once: it never changes while running. */
export function buildAllEnum() {
  const world = worldCountries();
  return {
    countryCodeEnum: world.map((c) => ({ country: c.name, iso: c.iso, code: c.countryCode })),
    fullStateEnum: world.map((c) => ({
      name: c.name,
      countryCode: c.countryCode,
      states: c.name === DEFAULT_COUNTRY ? NIGERIAN_STATES.map((state) => ({ state, lgas: lgasOfState(state) ?? [] })) : [],
    })),
    countryEnum: world.map((c) => c.name),
    titleEnum,
    gender: genderEnum,
    maritalStatusEnum,
    defaults: { country: DEFAULT_COUNTRY, countryCode: DEFAULT_COUNTRY_CODE, localGovernment: "Ikorodu", state: "Lagos" },
  };
}
