import { describe, expect, it } from "vitest";
import { buildTerminologies, term, terminologyDefaults } from "./terminology";

describe("terminology defaults", () => {
  it("are District, Oracle Number, Tescom Number and Subeb Number", () => {
    expect(terminologyDefaults).toEqual({ district: "District", oracleNumber: "Oracle Number", tescomNumber: "Tescom Number", subebNumber: "Subeb Number" });
  });
});

describe("buildTerminologies", () => {
  it("gives all four terms, with null stateValue where the state renames nothing", () => {
    expect(buildTerminologies(undefined)).toEqual({
      district: { stateValue: null, defaultValue: "District" },
      oracleNumber: { stateValue: null, defaultValue: "Oracle Number" },
      tescomNumber: { stateValue: null, defaultValue: "Tescom Number" },
      subebNumber: { stateValue: null, defaultValue: "Subeb Number" },
    });
    expect(buildTerminologies(null)).toEqual(buildTerminologies({}));
  });

  it("takes each override on its own, trimmed, and treats a blank one as none", () => {
    const t = buildTerminologies({ district: "  Education District ", tescomNumber: "   ", oracleNumber: null });
    expect(t.district).toEqual({ stateValue: "Education District", defaultValue: "District" });
    expect(t.tescomNumber).toEqual({ stateValue: null, defaultValue: "Tescom Number" });
    expect(t.oracleNumber).toEqual({ stateValue: null, defaultValue: "Oracle Number" });
    expect(t.subebNumber).toEqual({ stateValue: null, defaultValue: "Subeb Number" });
  });
});

describe("term", () => {
  it("shows the state's value where it has one and each term's own default otherwise", () => {
    const t = buildTerminologies({ district: "Education District" });
    expect(term(t, "district")).toBe("Education District");
    expect(term(t, "oracleNumber")).toBe("Oracle Number");
    expect(term(t, "tescomNumber")).toBe("Tescom Number");
    expect(term(t, "subebNumber")).toBe("Subeb Number");
  });

  it("falls back when the state value is blank, the entry is missing, or there are no terminologies", () => {
    expect(term({ district: { stateValue: "   ", defaultValue: "District" } }, "district")).toBe("District");
    expect(term({ district: { stateValue: null, defaultValue: "  " } }, "district")).toBe("District");
    expect(term({ oracleNumber: { stateValue: "Staff ID", defaultValue: "Oracle Number" } }, "tescomNumber")).toBe("Tescom Number");
    expect(term({}, "subebNumber")).toBe("Subeb Number");
    expect(term(null, "district")).toBe("District");
    expect(term(undefined, "oracleNumber")).toBe("Oracle Number");
  });

  it("trims the state's value", () => {
    expect(term({ tescomNumber: { stateValue: " TESCOM No. ", defaultValue: "Tescom Number" } }, "tescomNumber")).toBe("TESCOM No.");
  });
});
