import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { authMessages, serviceDigest } from "./contract/messages";
import type { SignedInUser } from "./contract/user";
import { callUpstream, type ApiTarget } from "./bff/upstream";
import { routes } from "./routes";
import { sessionCookieName, unsealSession } from "./session";

export class ServerApiError extends Error {
  /** Next keeps a digest that is already set: the error page reads it to explain an unavailable service. */
  readonly digest?: string;
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    if (status === 503) this.digest = serviceDigest.unavailable;
    if (status === 504) this.digest = serviceDigest.timeout;
  }
}

/**
 * A read for a server component, with the session's bearer. No session → /login. An expired token
 * (rare: proxy.ts refreshes before rendering; a server component cannot write the new cookie) → the
 * same page again, through the proxy. A logged-out session → /logout, which clears the cookie.
 */
export async function serverGet<T>(target: ApiTarget, path: string): Promise<T> {
  const session = await unsealSession((await cookies()).get(sessionCookieName())?.value);
  if (!session) redirect(routes.login);
  const result = await callUpstream({ target, method: "GET", path, session });
  if (result.kind === "expired") redirect((await headers()).get("x-portal-path") ?? routes.dashboard);
  if (result.kind === "logged-out") redirect(`${routes.logout}?expired=1`);
  if (result.kind === "unreachable")
    throw result.reason === "timeout" ? new ServerApiError(504, authMessages.timedOut) : new ServerApiError(503, authMessages.unreachable);
  const { response } = result;
  if (response.status === 401) redirect(`${routes.logout}?expired=1`);
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new ServerApiError(response.status, body.message ?? "Request failed");
  return body;
}

/** The signed-in user, read once per render. */
export const getSignedInUser = cache(() => serverGet<SignedInUser>("district", "auth/me"));
