"use client";

import type { BaseSyntheticEvent } from "react";

/**
 * The forms' handler for an invalid submit (react-hook-form's second argument to handleSubmit): the
 * submit event's target is the form; without it, the notice alone. What it does (lead-to-invalid-field.ts)
 * is loaded the first time a submit is refused, not with every form's page.
 */
export function onInvalidSubmit(_errors: unknown, event?: BaseSyntheticEvent): void {
  const target = event?.target;
  const form = target instanceof HTMLFormElement ? target : null;
  // react-hook-form focuses a field of its own (one it holds a ref of) just after this handler, at once and
  // in a timeout: run after both, so the first field on the screen keeps the focus.
  setTimeout(() => setTimeout(() => void import("./lead-to-invalid-field").then((m) => m.leadToInvalidField(form)), 0), 0);
}
