import { describe, expect, it } from "vitest";
import { currentTerm } from "./term";

const terms = [
  { name: "First Term", startDate: "2026-09-14", endDate: "2026-12-18" },
  { name: "Second Term", startDate: "2027-01-11", endDate: "2027-04-09" },
  { name: "Third Term", startDate: "2027-04-26", endDate: "2027-07-23" },
];

describe("the term a charge is for when none is named", () => {
  it("is the term whose dates contain today, first and last days included", () => {
    expect(currentTerm(terms, "2026-09-14")).toBe("First Term");
    expect(currentTerm(terms, "2026-12-18")).toBe("First Term");
    expect(currentTerm(terms, "2027-02-01")).toBe("Second Term");
    expect(currentTerm(terms, "2027-07-23")).toBe("Third Term");
  });

  it("between terms, or before the session starts, is the first term not yet ended", () => {
    expect(currentTerm(terms, "2026-09-01")).toBe("First Term");
    expect(currentTerm(terms, "2026-12-19")).toBe("Second Term");
    expect(currentTerm(terms, "2027-04-20")).toBe("Third Term");
  });

  it("after the last term has ended, is Third Term", () => {
    expect(currentTerm(terms, "2027-07-24")).toBe("Third Term");
    expect(currentTerm(terms, "2030-01-01")).toBe("Third Term");
  });

  it("goes by the dates, whatever order the terms are listed in", () => {
    expect(currentTerm([...terms].reverse(), "2026-12-19")).toBe("Second Term");
  });
});
