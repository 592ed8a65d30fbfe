import { describe, expect, it } from "vitest";
import { invalidNotice } from "./lead-to-invalid-field";

describe("invalidNotice", () => {
  it("keeps the spec's message and names each invalid field once, in the form's order", () => {
    expect(invalidNotice(["Date of birth", "Phone number", "Date of birth", ""])).toBe(
      "Validation failed: Please ensure all fields are filled correctly. Check: Date of birth, Phone number.",
    );
  });
  it("is the spec's message alone when no field can be named", () => {
    expect(invalidNotice([])).toBe("Validation failed: Please ensure all fields are filled correctly.");
  });
});
