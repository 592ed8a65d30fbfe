import * as z from "zod/mini";
import { en } from "zod/locales";
import { secretField } from "./contract/secrets";

// Operators read these messages: rules without a text of their own get zod's English ones on the server
// (the browser's share of zod carries no default texts).
z.config(en());

const positiveInt = z.coerce.number().check(z.int(), z.positive());

/** The portal's server environment, parsed once; nothing else in the portal reads process.env. */
export const portalEnvSchema = z.object({
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
  /** Read by the portal's own server (scripts/portal-server.ts), checked with the rest before it listens. */
  PORTAL_HOST: z._default(z.string(), "localhost"),
  TRUSTED_PROXY_HOPS: z._default(z.coerce.number().check(z.int(), z.nonnegative()), 0),
  PORTAL_MAX_IN_FLIGHT: z._default(positiveInt, 16),
  PORTAL_MAX_QUEUE: z._default(positiveInt, 256),
  PORTAL_QUEUE_WAIT_MS: z._default(positiveInt, 500),
  /** On SIGTERM: serving on after readiness turns 503, then the longest the requests in flight may take (services/config.ts says more). */
  SHUTDOWN_GRACE_MS: z._default(z.coerce.number().check(z.int(), z.nonnegative()), 5_000),
  SHUTDOWN_DRAIN_MS: z._default(positiveInt, 330_000),
  /** Metrics (GET /metrics, Prometheus' text) on a port of their own, bound to METRICS_HOST; left out, none. */
  PORTAL_METRICS_PORT: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(65_535))),
  METRICS_HOST: z._default(z.string(), "127.0.0.1"),
  /** The log: its level, and JSON lines (production's default) or readable ones. */
  LOG_LEVEL: z._default(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  LOG_FORMAT: z.optional(z.enum(["json", "pretty"])),
  /** How long a starting portal waits for the APIs to answer its handshake before it gives up. */
  STARTUP_API_WAIT_MS: z._default(positiveInt, 120_000),
});
export type PortalEnv = z.infer<typeof portalEnvSchema>;

/** The environment parsed, or one line per wrong or missing variable. */
export function parsePortalEnv(source: NodeJS.ProcessEnv): { ok: true; env: PortalEnv } | { ok: false; problems: string[] } {
  const result = portalEnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!result.success) return { ok: false, problems: result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
  const { PORTAL_HOST: host, PORTAL_URL: url, PORT: port } = result.data;
  // Beyond this machine the portal must know the address people use: the CSRF check accepts only that
  // origin (it never believes the Host header), and over https the cookie and HSTS follow from it.
  if (!["localhost", "127.0.0.1", "::1"].includes(host) && !url)
    return {
      ok: false,
      problems: [
        `PORTAL_URL: PORTAL_HOST=${host} makes the portal reachable from other machines, so it needs PORTAL_URL: the address they open ` +
          `(for example PORTAL_URL=http://192.168.1.10:${port} on a LAN, or https://portal.example.org behind TLS).`,
      ],
    };
  return { ok: true, env: result.data };
}
