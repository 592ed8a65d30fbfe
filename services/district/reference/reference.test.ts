import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk } from "../../test/helpers";

type AllEnum = {
  countryCodeEnum: { country: string; iso: string; code: string }[];
  fullStateEnum: { name: string; countryCode: string; states: { state: string; lgas: string[] }[] }[];
  countryEnum: string[];
  titleEnum: string[];
  gender: string[];
  maritalStatusEnum: string[];
};
type StatesAndLgas = { country: string; defaultLocalGovernment: string; states: { state: string; lgas: string[] }[] };

describe("reference data", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  describe("GET /generic-apis/all-enum", () => {
    let data: AllEnum;
    beforeAll(async () => {
      data = await expectOk<AllEnum>(await api.call("GET", "/generic-apis/all-enum"));
    });

    it("is public and carries every list", () => {
      for (const key of ["countryCodeEnum", "fullStateEnum", "countryEnum", "titleEnum", "gender", "maritalStatusEnum"]) {
        expect(data, key).toHaveProperty(key);
      }
      expect(data.titleEnum).toContain("Mr");
      expect(data.gender).toEqual(["Male", "Female"]);
      expect(data.maritalStatusEnum).toEqual(expect.arrayContaining(["Single", "Married"]));
    });

    it("lists more than 200 countries, Nigeria first with +234", () => {
      expect(data.countryEnum.length).toBeGreaterThan(200);
      expect(new Set(data.countryEnum).size).toBe(data.countryEnum.length);
      expect(data.countryEnum[0]).toBe("Nigeria");
      expect(data.countryCodeEnum[0]).toEqual({ country: "Nigeria", iso: "NG", code: "+234" });
      expect(data.fullStateEnum[0]?.name).toBe("Nigeria");
      expect(data.fullStateEnum[0]?.countryCode).toBe("+234");
      expect(data.countryCodeEnum).toHaveLength(data.countryEnum.length);
      for (const c of data.countryCodeEnum) expect(c.code, c.country).toMatch(/^\+\d+$/);
    });

    it("gives Nigeria its 37 states, 'FCT - Abuja' with its 6 area councils", () => {
      const nigeria = data.fullStateEnum.find((c) => c.name === "Nigeria");
      expect(nigeria?.states).toHaveLength(37);
      const fct = nigeria?.states.find((s) => s.state === "FCT - Abuja");
      expect(fct?.lgas).toHaveLength(6);
      expect(fct?.lgas).toContain("Gwagwalada");
      for (const s of nigeria?.states ?? []) expect(s.lgas.length, s.state).toBeGreaterThan(0);
      expect(nigeria?.states.find((s) => s.state === "Lagos")?.lgas).toContain("Ikorodu");
    });
  });

  describe("GET /district/list-of-states-and-local-governments", () => {
    it("is public and lists 37 states with 774 LGAs, defaulting to Ikorodu", async () => {
      const response = await api.call("GET", "/district/list-of-states-and-local-governments");
      const data = await expectOk<StatesAndLgas>(response);
      expect(data.states).toHaveLength(37);
      expect(data.states.reduce((sum, s) => sum + s.lgas.length, 0)).toBe(774);
      expect(data.states.map((s) => s.state)).toContain("Federal Capital Territory");
      expect(data.country).toBe("Nigeria");
      expect(data.defaultLocalGovernment).toBe("Ikorodu");
      expect(data.states.find((s) => s.state === "Lagos")?.lgas).toContain(data.defaultLocalGovernment);
    });
  });
});
