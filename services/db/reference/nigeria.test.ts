import { describe, it, expect } from "vitest";
import { DEFAULT_COUNTRY, DEFAULT_COUNTRY_CODE, DEFAULT_LOCAL_GOVERNMENT, NIGERIAN_STATES, NIGERIA_STATES_AND_LGAS } from "./nigeria";

/** LGAs per state as fixed by the 1999 Constitution (First Schedule), plus the FCT's six area councils. */
const EXPECTED_COUNTS: Record<string, number> = {
  Abia: 17,
  Adamawa: 21,
  "Akwa Ibom": 31,
  Anambra: 21,
  Bauchi: 20,
  Bayelsa: 8,
  Benue: 23,
  Borno: 27,
  "Cross River": 18,
  Delta: 25,
  Ebonyi: 13,
  Edo: 18,
  Ekiti: 16,
  Enugu: 17,
  Gombe: 11,
  Imo: 27,
  Jigawa: 27,
  Kaduna: 23,
  Kano: 44,
  Katsina: 34,
  Kebbi: 21,
  Kogi: 21,
  Kwara: 16,
  Lagos: 20,
  Nasarawa: 13,
  Niger: 25,
  Ogun: 20,
  Ondo: 18,
  Osun: 30,
  Oyo: 33,
  Plateau: 17,
  Rivers: 23,
  Sokoto: 23,
  Taraba: 16,
  Yobe: 17,
  Zamfara: 14,
  "Federal Capital Territory": 6,
};

const FCT_AREA_COUNCILS = ["Abaji", "Bwari", "Gwagwalada", "Kuje", "Kwali", "Municipal Area Council"];

const byState = new Map(NIGERIA_STATES_AND_LGAS.map((entry) => [entry.state, entry.lgas]));

describe("Nigeria reference data", () => {
  it("has 37 first-level divisions in each export", () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(NIGERIA_STATES_AND_LGAS).toHaveLength(37);
    expect(new Set(NIGERIAN_STATES).size).toBe(37);
    expect(byState.size).toBe(37);
  });

  it("has 774 LGAs in total", () => {
    const total = NIGERIA_STATES_AND_LGAS.reduce((sum, entry) => sum + entry.lgas.length, 0);
    expect(total).toBe(774);
  });

  it("has the constitutional number of LGAs in each state", () => {
    expect([...byState.keys()].sort()).toEqual(Object.keys(EXPECTED_COUNTS).sort());
    for (const [state, count] of Object.entries(EXPECTED_COUNTS)) {
      expect(byState.get(state)?.length, state).toBe(count);
    }
  });

  it("has no duplicate LGA within a state", () => {
    const norm = (name: string) => name.toLowerCase().replace(/[^a-z]/g, "");
    for (const { state, lgas } of NIGERIA_STATES_AND_LGAS) {
      expect(new Set(lgas.map(norm)).size, state).toBe(lgas.length);
    }
  });

  it("keeps states and LGAs sorted alphabetically", () => {
    const sorted = (list: readonly string[]) => [...list].sort((a, b) => a.localeCompare(b, "en"));
    expect(NIGERIA_STATES_AND_LGAS.map((entry) => entry.state)).toEqual(sorted(NIGERIA_STATES_AND_LGAS.map((entry) => entry.state)));
    for (const { state, lgas } of NIGERIA_STATES_AND_LGAS) {
      expect(lgas, state).toEqual(sorted(lgas));
    }
  });

  it("includes Ikorodu in Lagos, matching the default local government", () => {
    expect(byState.get("Lagos")).toContain("Ikorodu");
    expect(byState.get("Lagos")).toContain(DEFAULT_LOCAL_GOVERNMENT);
  });

  it("names the FCT 'Federal Capital Territory' with its six area councils", () => {
    expect(byState.get("Federal Capital Territory")).toEqual(FCT_AREA_COUNCILS);
  });

  it("lists 'FCT - Abuja' and otherwise only states present in NIGERIA_STATES_AND_LGAS", () => {
    expect(NIGERIAN_STATES).toContain("FCT - Abuja");
    for (const name of NIGERIAN_STATES.filter((s) => s !== "FCT - Abuja")) {
      expect(byState.has(name), name).toBe(true);
    }
  });

  it("exports the country defaults", () => {
    expect(DEFAULT_COUNTRY).toBe("Nigeria");
    expect(DEFAULT_COUNTRY_CODE).toBe("+234");
  });
});
