import type { ApiErrorBody, FieldIssue } from "./contract/errors";
import { offlineReadMessage, offlineSaveMessage, sessionEndedMessage } from "./contract/page-messages";
import { routes } from "./routes";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }
}

/**
 * The browser's one way to call the BFF. Sends JSON, returns JSON; a 452 (session ended) goes to the
 * login page (but for a background read, which throws it like any other failure); any other failure
 * throws an ApiError carrying the server's message to show.
 */
export async function clientApi<T>(
  url: string,
  init: Omit<RequestInit, "body"> & {
    json?: unknown;
    body?: BodyInit;
    /** A read in the background (the bell's poll) never takes the page away to sign-in: the user's next action will. */
    background?: boolean;
  } = {},
): Promise<T> {
  const { json, headers, background, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      headers: { accept: "application/json", ...(json !== undefined ? { "content-type": "application/json" } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : init.body,
      credentials: "same-origin",
    });
  } catch (error) {
    // fetch rejects only when no answer came (offline, connection refused, DNS): its own words ('Failed to
    // fetch', 'NetworkError when attempting…', 'Load failed') mean nothing to the user. An abort is the caller's.
    if (error instanceof DOMException && error.name === "AbortError") throw new ApiError(0, error.message);
    const reading = ["GET", "HEAD"].includes((rest.method ?? "GET").toUpperCase());
    throw new ApiError(0, reading ? offlineReadMessage : offlineSaveMessage);
  }
  const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
  if (response.status === 452 && !background) {
    const next = window.location.pathname + window.location.search;
    window.location.assign(`${routes.login}?next=${encodeURIComponent(next)}`);
    throw new ApiError(452, body.message ?? sessionEndedMessage);
  }
  if (!response.ok) throw new ApiError(response.status, body.message ?? `${response.status} ${response.statusText}`, body.issues);
  return body as T;
}

/** Paths of the BFF for the two APIs. */
export const districtApi = (path: string) => `/api/district/${path.replace(/^\//, "")}`;
export const billingApi = (path: string) => `/api/billing/${path.replace(/^\//, "")}`;
