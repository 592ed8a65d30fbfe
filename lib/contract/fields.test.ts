import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { emailField, nameField, passwordField, phoneField, requiredText, usernameField } from "./fields";
import { fieldMessages, formInvalidMessage } from "./messages";

/** The first message a form would show for this value, or null when the value is accepted. */
function firstMessage(schema: z.ZodMiniType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "no message");
}

// Spec §5, copied word for word: the tests compare against these literals, not the constants they test.
const spec = {
  required: "This Field is required",
  emailRequired: "E-mail is required",
  emailInvalid: "E-mail must be valid",
  emailTaken: "Email already taken",
  passwordRequired: "Enter password.",
  passwordRule: "Min. 8 characters with at least one capital letter, a number and a special character.",
  phoneRequired: "Phone Number is required",
  phoneDigits: "Please put in only the last ten digits of your phone number.",
  phoneTaken: "Phone Number already in use",
  nameRequired: "This field is required",
  nameTooShort: "This field must be more than 2 characters",
  usernameRequired: "Username is required",
  usernameTooShort: "Username must be more than 5 characters",
  formInvalid: "Validation failed: Please ensure all fields are filled correctly.",
};

describe("message catalogue", () => {
  it("holds the spec §5 texts word for word", () => {
    const { formInvalid, ...fields } = spec;
    expect(fieldMessages).toMatchObject(fields);
    expect(formInvalidMessage).toBe(formInvalid);
  });
});

describe("required field", () => {
  it.each([[undefined], [""], ["   "]])("says 'This Field is required' for %j", (value) => {
    expect(firstMessage(requiredText(100), value)).toBe(spec.required);
  });
});

describe("e-mail", () => {
  it.each([[undefined], [""], ["  "]])("says 'E-mail is required' for %j", (value) => {
    expect(firstMessage(emailField, value)).toBe(spec.emailRequired);
  });
  it.each([["abc"], ["a@"], ["@example.org"], ["a b@example.org"], ["a@example"], [`${"a".repeat(250)}@example.org`]])(
    "says 'E-mail must be valid' for %j",
    (value) => {
      expect(firstMessage(emailField, value)).toBe(spec.emailInvalid);
    },
  );
  it("accepts a valid address, trimmed", () => {
    expect(emailField.parse("  admin.ed1@example.org ")).toBe("admin.ed1@example.org");
  });
});

describe("password", () => {
  it.each([[undefined], [""]])("says 'Enter password.' for %j", (value) => {
    expect(firstMessage(passwordField, value)).toBe(spec.passwordRequired);
  });
  it.each([
    ["too short", "Ab1!xyz"],
    ["no capital letter", "abcdef1!"],
    ["no lowercase letter", "ABCDEF1!"],
    ["no digit", "Abcdefg!"],
    ["no special character", "Abcdefg1"],
  ])("gives the rule when it has %s", (_label, value) => {
    expect(firstMessage(passwordField, value)).toBe(spec.passwordRule);
  });
  it("accepts 8 characters with all four kinds", () => {
    expect(firstMessage(passwordField, "Abcdef1!")).toBeNull();
    expect(firstMessage(passwordField, "Demo#Admin2026")).toBeNull();
  });
});

describe("phone", () => {
  it.each([[undefined], [""], ["  "]])("says 'Phone Number is required' for %j", (value) => {
    expect(firstMessage(phoneField, value)).toBe(spec.phoneRequired);
  });
  // Issue 34: a Nigerian number typed as people type it is its last ten digits; anything else is still refused.
  it.each([
    ["803000000"],
    ["803000000a"],
    ["080300000011"],
    ["+4478030000001"],
    ["1234"],
    ["0803 000 00"],
    ["0803000000"],
    ["0803 000 000"],
    ["+234 803 000 00"],
    ["phone"],
  ])("asks for the last ten digits for %j", (value) => {
    expect(firstMessage(phoneField, value)).toBe(spec.phoneDigits);
  });
  it("accepts exactly ten digits", () => {
    expect(phoneField.parse(" 8030000001 ")).toBe("8030000001");
  });
  it.each([["08030000001"], ["+2348030000001"], ["2348030000001"], ["+234 803 000 0001"], ["+234 (0)803 000 0001"], ["0803-000-0001"], ["803 000 0001"]])(
    "takes %j as its last ten digits",
    (value) => {
      expect(phoneField.parse(value)).toBe("8030000001");
    },
  );
});

describe("name-like field", () => {
  it.each([[undefined], [""], ["   "]])("says 'This field is required' for %j", (value) => {
    expect(firstMessage(nameField, value)).toBe(spec.nameRequired);
  });
  it.each([["A"], ["Al"], [" Al "]])("says it must be more than 2 characters for %j", (value) => {
    expect(firstMessage(nameField, value)).toBe(spec.nameTooShort);
  });
  it("accepts three characters", () => {
    expect(firstMessage(nameField, "Ada")).toBeNull();
  });
});

describe("username", () => {
  it.each([[undefined], [""], ["  "]])("says 'Username is required' for %j", (value) => {
    expect(firstMessage(usernameField, value)).toBe(spec.usernameRequired);
  });
  it.each([["a"], ["abcde"], [" abcde "]])("says it must be more than 5 characters for %j", (value) => {
    expect(firstMessage(usernameField, value)).toBe(spec.usernameTooShort);
  });
  it("accepts six characters", () => {
    expect(firstMessage(usernameField, "admin1")).toBeNull();
  });
});
