import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handAdmitted, takeAdmitted } from "./just-admitted";

beforeEach(() => {
  const items = new Map<string, string>();
  vi.stubGlobal("sessionStorage", {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the pupil just admitted", () => {
  it("reaches the register once, with the admission number given", () => {
    handAdmitted({ id: "p1", name: "Ada Obi", admissionNumber: "ADM/2026/00049" });
    expect(takeAdmitted()).toEqual({ id: "p1", name: "Ada Obi", admissionNumber: "ADM/2026/00049" });
    expect(takeAdmitted()).toBeNull();
  });

  it("ignores anything else in its place", () => {
    sessionStorage.setItem("portal.just-admitted", "{not json");
    expect(takeAdmitted()).toBeNull();
    sessionStorage.setItem("portal.just-admitted", JSON.stringify({ id: 1 }));
    expect(takeAdmitted()).toBeNull();
  });
});
