import type { StateTerminologies, Terminology } from "./user";

export const terminologyDefaults = {
  district: "District",
  oracleNumber: "Oracle Number",
  tescomNumber: "Tescom Number",
  subebNumber: "Subeb Number",
} as const satisfies Record<keyof StateTerminologies, string>;

export type TermKey = keyof typeof terminologyDefaults;
const termKeys = Object.keys(terminologyDefaults) as TermKey[];

/** The four entries from the state's overrides; a term the state does not rename keeps stateValue null. */
export function buildTerminologies(overrides: Partial<Record<TermKey, string | null>> | null | undefined): StateTerminologies {
  const entry = (key: TermKey): Terminology => {
    const value = overrides?.[key]?.trim();
    return { stateValue: value ? value : null, defaultValue: terminologyDefaults[key] };
  };
  return Object.fromEntries(termKeys.map((k) => [k, entry(k)])) as StateTerminologies;
}

/** The label to show for a term: the state's value, else that term's default (each term on its own). */
export function term(terminologies: Partial<StateTerminologies> | null | undefined, key: TermKey): string {
  const t = terminologies?.[key];
  return t?.stateValue?.trim() || t?.defaultValue?.trim() || terminologyDefaults[key];
}
