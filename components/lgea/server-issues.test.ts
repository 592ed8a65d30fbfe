import type { UseFormReturn } from "react-hook-form";
import { describe, expect, it } from "vitest";
import type { LgeaPortalForm } from "@/lib/contract/lgea";
import { lgeaMessages } from "@/lib/contract/lgea-values";
import type { NewStaffInput } from "@/lib/contract/staff";
import { applyServerIssues } from "@/lib/form-issues";
import { lgeaIssueTarget } from "./server-issues";

type Placed = { name: string; message: string | undefined; focus: boolean | undefined };

function fakeForms() {
  const portalErrors: Placed[] = [];
  const staffErrors: Placed[] = [];
  const administrator: string[] = [];
  const record = (into: Placed[]) => (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) =>
    void into.push({ name, message: error.message, focus: options?.shouldFocus });
  const values: LgeaPortalForm = { name: "Surulere LGEA", localGovernment: "Surulere", address: "1 Road", phoneNumbers: [], emails: [] };
  const portal = { getValues: () => values, setError: record(portalErrors) } as unknown as Pick<UseFormReturn<LgeaPortalForm>, "setError" | "getValues">;
  const staff = { setError: record(staffErrors) } as unknown as Pick<UseFormReturn<NewStaffInput>, "setError">;
  return { target: lgeaIssueTarget(portal, staff, (m) => administrator.push(m)), portalErrors, staffErrors, administrator };
}

describe("the LGEA creation page's server issues", () => {
  it("go onto the portal's fields, the new staff member's fields without their prefix, or the choice of administrator", () => {
    const { target, portalErrors, staffErrors, administrator } = fakeForms();
    const placed = applyServerIssues(target, [
      { path: "localGovernment", message: lgeaMessages.localGovernmentTaken },
      { path: "administrator.staff.email", message: "Email already taken" },
      { path: "administrator.staff.phoneNumber", message: "Phone Number already in use" },
      { path: "administrator.staffId", message: lgeaMessages.administratorNotInDistrict },
      { path: "version", message: "not a field of this form" },
    ]);
    expect(placed).toBe(4);
    expect(portalErrors).toEqual([{ name: "localGovernment", message: lgeaMessages.localGovernmentTaken, focus: true }]);
    expect(staffErrors).toEqual([
      { name: "email", message: "Email already taken", focus: false },
      { name: "phoneNumber", message: "Phone Number already in use", focus: false },
    ]);
    expect(administrator).toEqual([lgeaMessages.administratorNotInDistrict]);
  });

  it("the administrator as a whole (no kind chosen) is the choice's message", () => {
    const { target, administrator, portalErrors } = fakeForms();
    expect(applyServerIssues(target, [{ path: "administrator", message: lgeaMessages.administratorRequired }])).toBe(1);
    expect(administrator).toEqual([lgeaMessages.administratorRequired]);
    expect(portalErrors).toEqual([]);
  });
});
