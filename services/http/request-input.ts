import type { Context } from "hono";
import type * as z from "zod/mini";
import { authMessages } from "../../lib/contract/messages";
import { controlCharacterIssue, fieldWithControlCharacter } from "../../lib/contract/control-characters";
import { AppError, validationError } from "./errors";

/** How a route's declared input is read off a request (services/http/api.ts): query, JSON body, media type, zod. */
export type Schema = z.ZodMiniType;
export type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** `?district[0]=a&limit=5` → `{ "district[0]": "a", limit: "5" }`; repeated keys become arrays. */
export function queryObject(c: Context): Record<string, string | string[]> {
  const all = c.req.queries();
  return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v.length === 1 ? (v[0] as string) : v]));
}

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", authMessages.malformedJson);
  }
}

/** The media type of a request, without parameters: `application/json; charset=utf-8` → `application/json`. */
const mediaTypeOf = (c: Context) => (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/**
 * A route that reads a body says what it must be: JSON routes take application/json, upload routes
 * multipart/form-data; anything else is 415, so a form or text/plain request another site's page can
 * send without asking never writes.
 */
export function assertMediaType(c: Context, spec: { body?: unknown; rawBody?: boolean }) {
  const expected = spec.body ? "application/json" : spec.rawBody ? "multipart/form-data" : null;
  if (expected && mediaTypeOf(c) !== expected) throw new AppError("unsupported_media_type", authMessages.unsupportedMediaType);
}

export function parse<S extends Schema | undefined>(schema: S, value: unknown): Out<S> {
  refuseControlCharacters(value);
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data as Out<S>;
}

/** A control character in any text the request carries is 400 naming the field, before the database or a stream sees it. */
function refuseControlCharacters(value: unknown) {
  const field = fieldWithControlCharacter(value);
  if (field === null) return;
  const issue = controlCharacterIssue(field);
  throw new AppError("validation", issue.message, [issue]);
}
