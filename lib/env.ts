import "server-only";
import * as z from "zod/mini";
import { en } from "zod/locales";
import { secretField } from "./contract/secrets";

// Operators read these messages: rules without a text of their own get zod's English ones on the server
// (the browser's share of zod carries no default texts).
z.config(en());

const positiveInt = z.coerce.number().check(z.int(), z.positive());

/** The portal's server environment, parsed once; nothing else in the portal reads process.env. */
const schema = z.object({
  DISTRICT_API_URL: z._default(z.url(), "http://127.0.0.1:4000"),
  BILLING_API_URL: z._default(z.url(), "http://127.0.0.1:4100"),
  SESSION_SECRET: secretField("SESSION_SECRET"),
  INTERNAL_SECRET: secretField("INTERNAL_SECRET"),
  /** The address users reach the portal at; its scheme decides the cookie's Secure flag and the CSRF origin. */
  PORTAL_URL: z.optional(z.url()),
  /** The portal's port: without PORTAL_URL, mutating requests are accepted only from this port on loopback. */
  PORT: z._default(positiveInt, 3000),
  /** Refresh an access token once less than this fraction of its lifetime remains. */
  TOKEN_REFRESH_FRACTION: z._default(z.coerce.number().check(z.minimum(0), z.maximum(1)), 0.25),
  /** How long the portal waits for an API's answer (ms), and for uploads and long operations such as an import's confirm. */
  UPSTREAM_TIMEOUT_MS: z._default(positiveInt, 15_000),
  LONG_UPSTREAM_TIMEOUT_MS: z._default(positiveInt, 300_000),
  /** An upload or download through the portal is cut off when either side goes silent this long (ms). */
  STREAM_IDLE_TIMEOUT_MS: z._default(positiveInt, 60_000),
});

let parsed: z.infer<typeof schema> | undefined;

export function env() {
  if (parsed) return parsed;
  const result = schema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")));
  if (!result.success) {
    throw new Error(`Invalid portal configuration:\n${result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  }
  parsed = result.data;
  return parsed;
}
