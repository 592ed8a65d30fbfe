import { describe, expect, it } from "vitest";
import { schoolDownloadHref } from "./schools";

describe("the schools download", () => {
  it("is asked for as GET /school/download?district[0]={id} (spec §7), through the BFF", () => {
    const districtId = "6f1c1d3e-8f8a-4d5e-9b1a-2c3d4e5f6a7b";
    const url = new URL(schoolDownloadHref(districtId), "http://portal.invalid");
    expect(url.pathname).toBe("/api/district/school/download");
    expect([...url.searchParams]).toEqual([["district[0]", districtId]]);
  });
});
