import { controlCharacterMessage } from "./messages";

/**
 * The one rule for control characters in what a client sends (issue 35): none in any text field, query value
 * or path parameter. PostgreSQL refuses a NUL in text outright, and the others (escape, backspace, C1) have no
 * place in a name or a search; tab and line breaks are text (an address, a reason) and stay.
 */
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const hasControlCharacter = (text: string) => controlCharacter.test(text);

/** The field (`name`, `operations.1`, `address.street`) of the first text in `value` holding a control character, or null. */
export function fieldWithControlCharacter(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof value === "string") return hasControlCharacter(value) ? fieldName(path) : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithControlCharacter(item, [...path, index]);
      if (found !== null) return found;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = fieldWithControlCharacter(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

// A field's own name may carry control characters too (`?a%00=1`): they are not repeated back.
const fieldName = (path: readonly (string | number)[]) => path.join(".").replace(new RegExp(controlCharacter.source, "g"), "?") || "value";

/** The refusal's issue for a field: its path and the message naming it. */
export const controlCharacterIssue = (field: string) => ({ path: field, message: controlCharacterMessage(field) });
