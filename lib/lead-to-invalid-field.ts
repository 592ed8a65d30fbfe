"use client";

import { formInvalidMessage } from "@/lib/contract/notices";
import { toast } from "@/lib/notify";

/** What a user reads as the name of a control: its label, else its aria-label. */
function nameOf(control: HTMLElement): string {
  const labelled = "labels" in control ? (control as HTMLInputElement).labels?.[0]?.textContent : null;
  return (labelled ?? control.getAttribute("aria-label") ?? "").replace(/\s+/g, " ").trim();
}

/** The spec's failure message, then the fields to correct, as their labels read, in the order of the form. */
export function invalidNotice(names: readonly string[]): string {
  const unique = [...new Set(names.filter(Boolean))];
  return unique.length > 0 ? `${formInvalidMessage} Check: ${unique.join(", ")}.` : formInvalidMessage;
}

/**
 * After a submit the schema refused: focus the first invalid control of the form, in the order the page
 * shows them (aria-invalid, which every field component sets with its error), scroll it to the middle of
 * the screen, and name every invalid field in the notice. The controls are marked once react-hook-form's
 * errors have rendered, so this waits a few frames for them. Works for inputs whose components do not hand
 * react-hook-form a ref (a Controller's custom field), which its own shouldFocusError skips.
 */
export function leadToInvalidField(form: HTMLFormElement | null, framesLeft = 20): void {
  const controls = form ? [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')] : [];
  if (controls.length === 0 && form && framesLeft > 0) {
    requestAnimationFrame(() => leadToInvalidField(form, framesLeft - 1));
    return;
  }
  const first = controls[0];
  if (first) {
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: "center" });
  }
  toast.error(invalidNotice(controls.map(nameOf)));
}

/**
 * Of the controls the page marks invalid, the one to lead to after the server refused fields: the first,
 * in the page's order, whose name is one of the refused fields (a control without a name, such as a date
 * field's, counts as matching none), else the first marked at all.
 */
export function serverIssueControl<C extends { getAttribute(name: string): string | null }>(controls: readonly C[], paths: readonly string[]): C | undefined {
  return controls.find((control) => paths.includes(control.getAttribute("name") ?? "")) ?? controls[0];
}

/**
 * After the server refused some fields of a form (a 400 or 409 answer's `issues`, put on the fields by
 * applyServerIssues): once the messages have rendered, focus the first
 * of those fields and scroll it to the middle of the screen, as after an invalid submit. The server's
 * message is the notice already shown.
 */
export function leadToServerIssue(paths: readonly string[], framesLeft = 20): void {
  // A frame first: the errors set by the failed save render, and the loading overlay goes, before this looks.
  requestAnimationFrame(() => {
    const control = serverIssueControl([...document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')], paths);
    if (!control) {
      if (framesLeft > 0) leadToServerIssue(paths, framesLeft - 1);
      return;
    }
    control.focus({ preventScroll: true });
    control.scrollIntoView({ block: "center" });
  });
}
