import { describe, expect, it } from "vitest";
import { invalidNotice, serverIssueControl } from "./lead-to-invalid-field";

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

describe("serverIssueControl (the field a refused save leads to)", () => {
  const control = (name: string | null) => ({ name, getAttribute: (attribute: string) => (attribute === "name" ? name : null) });
  it("is the first marked control named by the server's issues, in the page's order", () => {
    const controls = [control("firstName"), control(null), control("oracleNumber"), control("tescomNumber")];
    expect(serverIssueControl(controls, ["tescomNumber", "oracleNumber"])?.name).toBe("oracleNumber");
  });
  it("is the first marked control when none carries an issue's name (a date field's control has none)", () => {
    expect(serverIssueControl([control(null), control("address")], ["dob"])?.name).toBe(null);
    expect(serverIssueControl([], ["dob"])).toBeUndefined();
  });
});
