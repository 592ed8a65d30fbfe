import { describe, expect, it } from "vitest";
import { applyServerIssues, type FormLike } from "./form-issues";

type Values = { name: string; localGovernment: string; phoneNumbers: string[] };

function fakeForm(values: Values) {
  const errors: { name: string; message: string | undefined; focus: boolean | undefined }[] = [];
  const form = {
    getValues: () => values,
    setError: (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
      errors.push({ name, message: error.message, focus: options?.shouldFocus });
    },
  } as unknown as FormLike<Values>;
  return { form, errors };
}

describe("the server's per-field issues on a form", () => {
  it("puts each issue on the field of its name, focusing the first, and leaves unknown fields to the notice", () => {
    const { form, errors } = fakeForm({ name: "Ikeja High", localGovernment: "Epe", phoneNumbers: ["8030000000"] });
    const placed = applyServerIssues(form, [
      { path: "localGovernment", message: "Choose a local government of the district." },
      { path: "phoneNumbers.0", message: "Phone Number already in use" },
      { path: "version", message: "Someone else changed this school." },
    ]);
    expect(placed).toBe(2);
    expect(errors).toEqual([
      { name: "localGovernment", message: "Choose a local government of the district.", focus: true },
      { name: "phoneNumbers.0", message: "Phone Number already in use", focus: false },
    ]);
  });

  it("places nothing when the answer has no issues", () => {
    const { form, errors } = fakeForm({ name: "", localGovernment: "", phoneNumbers: [] });
    expect(applyServerIssues(form, [])).toBe(0);
    expect(errors).toEqual([]);
  });
});
