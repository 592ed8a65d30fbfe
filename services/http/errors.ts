import type { Context } from "hono";
import * as z from "zod/mini";
import type { ApiErrorBody, FieldIssue } from "../../lib/contract/errors";
import { authMessages, formInvalidMessage } from "../../lib/contract/messages";
import { describeForLog } from "./error-log";
import { logFor, type Logger } from "../observability/log";

const fallbackLog = logFor("api");

export type ErrorCode =
  | "bad_request"
  | "validation"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "busy"
  | "insufficient_funds"
  | "provider_unavailable"
  | "token_expired"
  | "logged_out"
  | "internal";

const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  busy: 503,
  // Billing: the wallet cannot cover a charge; the payment provider did not answer (nothing was credited).
  insufficient_funds: 402,
  provider_unavailable: 502,
  token_expired: 451,
  logged_out: 452,
  internal: 500,
};

/** The one error type of the APIs: its message is always safe to show to the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
  }
  get status() {
    return statusOf[this.code];
  }
}

/** How long a caller refused for load is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export const notFound = () => new AppError("not_found", authMessages.notFound);
export const forbidden = () => new AppError("forbidden", authMessages.forbidden);

export function validationError(error: z.core.$ZodError): AppError {
  const issues = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  return new AppError("validation", formInvalidMessage, issues);
}

/** Turns anything thrown into a JSON answer; unknown errors are logged and hidden behind a generic 500. */
export function renderError(error: unknown, c: Context) {
  if (error instanceof z.core.$ZodError) error = validationError(error);
  if (!(error instanceof AppError)) {
    const status = (error as { status?: number }).status;
    if (status === 413) error = new AppError("too_large", authMessages.bodyTooLarge);
    else {
      // By route pattern and request id: the path holds ids, and the error's text is described without values.
      const log = (c.get("log") as Logger | undefined) ?? fallbackLog;
      log.error({ method: c.req.method, route: (c.get("route") as string | undefined) ?? c.req.routePath, error: describeForLog(error) }, "unhandled error");
      error = new AppError("internal", authMessages.internal);
    }
  }
  const appError = error as AppError;
  if (appError.code === "token_expired") c.header("Cache-Control", "no-store");
  if (appError.code === "busy") c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  const body: ApiErrorBody = { message: appError.message, code: appError.code, ...(appError.issues ? { issues: appError.issues } : {}) };
  return c.json(body, appError.status as 400);
}
