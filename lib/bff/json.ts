import { NextResponse } from "next/server";
import type * as z from "zod/mini";
import type { ApiErrorBody } from "../contract/errors";
import { authMessages, formInvalidMessage } from "../contract/messages";
import { clearedCookieOptions, sessionCookieName } from "../session";

/** An error answer in the APIs' shape, which the client shows as it is. */
export const errorJson = (status: number, message: string, code?: string) =>
  NextResponse.json({ message, ...(code ? { code } : {}) } satisfies ApiErrorBody, { status, headers: { "Cache-Control": "no-store" } });

/** 400 with the spec's form message and the per-field issues, as the APIs answer. */
export const validationJson = (error: z.core.$ZodError) =>
  NextResponse.json(
    {
      message: formInvalidMessage,
      code: "validation",
      issues: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    } satisfies ApiErrorBody,
    { status: 400 },
  );

/** The session has ended: 452 for the client (which goes to the sign-in page), and the cookie cleared. */
export function loggedOutJson(message: string) {
  const response = errorJson(452, message, "logged_out");
  response.cookies.set(sessionCookieName(), "", clearedCookieOptions());
  return response;
}

/** The API could not be reached (503, try again in a few seconds) or did not answer in time (504). */
export function unreachableJson(reason: "timeout" | "unavailable") {
  if (reason === "timeout") return errorJson(504, authMessages.timedOut, "timeout");
  const response = errorJson(503, authMessages.unreachable, "unreachable");
  response.headers.set("Retry-After", "5");
  return response;
}
