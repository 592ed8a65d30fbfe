import { describe, expect, it } from "vitest";
import { accountStatusLabel, accountStatusOptions, accountStatuses } from "./user";

describe("account statuses on screen", () => {
  it("says ResetPassword in words and keeps the stored value for filters", () => {
    expect(accountStatusLabel("ResetPassword")).toBe("Must set a password");
    expect(accountStatusOptions).toContainEqual({ value: "ResetPassword", label: "Must set a password" });
  });

  it("shows no status as a run-together word", () => {
    for (const status of accountStatuses) expect(accountStatusLabel(status)).not.toMatch(/[a-z][A-Z]/);
  });

  it("shows an unknown value as it is", () => {
    expect(accountStatusLabel("Archived")).toBe("Archived");
  });
});
