import { randomBytes } from "node:crypto";
import * as z from "zod/mini";
import { en } from "zod/locales";
import { JSON_BODY_LIMIT_BYTES } from "../lib/contract/messages";
import { secretField } from "../lib/contract/secrets";

// Operators read these messages: rules without a text of their own get zod's English ones on the servers
// (the browser's share of zod carries no default texts).
z.config(en());

/** Where the billing API serves the payment provider's stand-in when there is no PAYSTACK_SECRET_KEY. */
export const providerStandInPath = "/provider-stand-in";
const isStandInUrl = (url: string) => new URL(url).pathname.replace(/\/+$/, "").endsWith(providerStandInPath);
const placeholderKey = /change-?me|example|placeholder|your[-_ ]?(secret|key)|replace[-_ ]?me|x{8}/i;

const positiveInt = (fallback: number) => z._default(z.coerce.number().check(z.int(), z.positive()), fallback);
const wholeNumber = (fallback: number) => z._default(z.coerce.number().check(z.int(), z.nonnegative()), fallback);

/** Everything the APIs read from the environment, parsed once. Nothing else in services/ reads process.env. */
const schema = z.object({
  DATABASE_URL: z.optional(z.url()),
  /**
   * With DATABASE_URL, per API process: connections at most, seconds an unused one is kept, the longest a
   * statement may run (ms; 0: no limit), and whether statements are prepared (false behind PgBouncer in
   * transaction mode). README 'Deploying' says how to size them for N instances.
   */
  DATABASE_POOL_MAX: positiveInt(10),
  DATABASE_IDLE_TIMEOUT_SECONDS: positiveInt(60),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(60_000),
  DATABASE_PREPARE: z._default(z.enum(["true", "false"]), "true"),
  DATA_DIR: z._default(z.string(), ".data/db"),
  DISTRICT_API_PORT: positiveInt(4000),
  BILLING_API_PORT: positiveInt(4100),
  API_HOST: z._default(z.string(), "127.0.0.1"),
  NODE_ENV: z.optional(z.string()),
  JWT_SECRET: secretField("JWT_SECRET"),
  /** Shared with the BFF: proves that a forwarded client address comes from it. */
  INTERNAL_SECRET: secretField("INTERNAL_SECRET"),
  /** Seed the demo (published passwords) into an empty embedded database: `npm start` asks for it; never with NODE_ENV=production. */
  SEED_DEMO: z._default(z.enum(["true", "false"]), "false"),
  /**
   * Migrate the database at start. Left out: yes, except with NODE_ENV=production, where migrating is a release
   * step (`npm run db:migrate`) and an instance refuses to serve a schema older than its code.
   */
  MIGRATE_ON_START: z.optional(z.enum(["true", "false"])),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt(30),
  REFRESH_GRACE_SECONDS: positiveInt(30),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(900),
  LOGIN_LIMIT_PER_ACCOUNT: positiveInt(10),
  LOGIN_LIMIT_PER_IP: positiveInt(100),
  RESET_LIMIT_PER_ACCOUNT: positiveInt(5),
  RESET_LIMIT_PER_IP: positiveInt(30),
  RESET_CODE_TTL_SECONDS: positiveInt(600),
  RESET_CODE_MAX_ATTEMPTS: positiveInt(5),
  /** Daily caps per account: codes sent, and wrong codes tried (signing in with the password is never capped this way). */
  RESET_CODES_PER_DAY: positiveInt(10),
  /** Availability checks (e-mail, phone, username taken?) per signed-in user per rate-limit window. */
  AVAILABILITY_LIMIT_PER_USER: positiveInt(120),
  RESET_WRONG_TRIES_PER_DAY: positiveInt(20),
  /** Registration (architecture 'Registration'): e-mail codes asked for and registrations sent, per client address and per e-mail address per window. */
  REGISTRATION_LIMIT_PER_IP: positiveInt(20),
  REGISTRATION_LIMIT_PER_EMAIL: positiveInt(5),
  /** Days a self-registration may wait without approval (since it was sent, or sent back for changes) before housekeeping abandons it, freeing what it held. */
  REGISTRATION_ABANDON_DAYS: positiveInt(30),
  /**
   * Registration's proof of presence: the zero bits the registration page's worker must find at the start of a
   * hash (each bit doubles the work: 18 is about a second in a desktop browser, a few on a phone).
   */
  REGISTRATION_PROOF_BITS: positiveInt(18),
  /** The registration page's username checks per client address per window. */
  REGISTRATION_CHECKS_PER_IP: positiveInt(120),
  SMTP_URL: z.optional(z.url()),
  /**
   * Statistics (README 'Statistics'): the statutory retirement points: teachers at 65 years of age or 40 years of service, whichever comes first
   * (Harmonised Retirement Age for Teachers in Nigeria Act, 2022); other staff at 60 or 35 (Public Service Rules 021001).
   */
  RETIREMENT_TEACHING_AGE: positiveInt(65),
  RETIREMENT_TEACHING_SERVICE_YEARS: positiveInt(40),
  RETIREMENT_OTHER_AGE: positiveInt(60),
  RETIREMENT_OTHER_SERVICE_YEARS: positiveInt(35),
  /** The portal's address as its users reach it, for links in e-mails (an invitation's code screen); \`npm start\` sets it. */
  PORTAL_URL: z.optional(z.url()),
  MAIL_FROM: z._default(z.string(), "District Portal <no-reply@district-portal.local>"),
  /**
   * The mail sender (services/mail/mailer.ts): how often each API process looks for due mail (ms), the wait after
   * a first failed try (ms; doubled after each, at most an hour), and how long a message is tried before it is given up (hours).
   */
  MAIL_POLL_MS: positiveInt(2_000),
  MAIL_RETRY_MS: positiveInt(10_000),
  /** How long a sender's claim on a message lasts: longer than an SMTP exchange may take (its timeouts: 50 s), so two never send one. */
  MAIL_LEASE_SECONDS: positiveInt(120),
  MAIL_GIVE_UP_HOURS: positiveInt(24),
  MAX_JSON_BODY_BYTES: positiveInt(JSON_BODY_LIMIT_BYTES),
  /** Print mail (reset codes included) to the log when there is no SMTP server: the offline demo's way to read them. */
  LOG_MAIL: z._default(z.enum(["true", "false"]), "false"),
  /**
   * Load shedding (per API process): requests worked on at once, requests waiting for a turn, and the
   * longest wait; beyond them a request is answered 503 with Retry-After at once. Health checks and
   * uploads (paced by the uploader's connection) are not counted.
   */
  API_MAX_IN_FLIGHT: positiveInt(16),
  API_MAX_QUEUE: positiveInt(256),
  API_QUEUE_WAIT_MS: positiveInt(1000),
  /**
   * On SIGTERM (a deploy, a scale-down): how long the process keeps serving after its readiness turns 503, while
   * the load balancer notices (longer than its health check's interval times its fall count), and then how long
   * the requests in flight may take to finish (a confirm may take 5 minutes). SIGINT (Ctrl+C) skips the grace.
   */
  SHUTDOWN_GRACE_MS: wholeNumber(5_000),
  /**
   * Housekeeping (services/housekeeping/): how often each API process runs it (minutes; 0: never, leave it to
   * `npm run housekeeping`), and what it keeps: the rows of imports confirmed this many days ago, mail sent this
   * many hours ago, notifications read this many days ago.
   */
  HOUSEKEEPING_INTERVAL_MINUTES: wholeNumber(60),
  IMPORT_ROWS_RETENTION_DAYS: positiveInt(7),
  SENT_MAIL_RETENTION_HOURS: positiveInt(24),
  NOTIFICATION_RETENTION_DAYS: positiveInt(90),
  SHUTDOWN_DRAIN_MS: positiveInt(330_000),
  /**
   * Metrics (Prometheus' text format at GET /metrics) on a port of their own that no load balancer forwards;
   * left out, none. METRICS_HOST: the address it binds (127.0.0.1; a scraper elsewhere needs the machine's).
   */
  METRICS_PORT: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(65_535))),
  METRICS_HOST: z._default(z.string(), "127.0.0.1"),
  /** The log: fatal, error, warn, info, debug, trace or silent; JSON lines (production's default) or readable ones. */
  LOG_LEVEL: z._default(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  LOG_FORMAT: z.optional(z.enum(["json", "pretty"])),
  /**
   * API worker processes sharing the ports (with DATABASE_URL only: the embedded database allows one
   * process). Left out: one per core with a PostgreSQL server, one otherwise.
   */
  API_WORKERS: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(64))),
  /**
   * Billing: Paystack's secret key. Set, wallet funding goes through Paystack (PORTAL_URL is then required: the provider sends
   * users back to an absolute address); left out, through the local stand-in of the provider (a test checkout, no money moves).
   */
  PAYSTACK_SECRET_KEY: z.optional(
    z.string().check(
      z.minLength(20, "PAYSTACK_SECRET_KEY must be the secret key of your Paystack dashboard (sk_live_… or sk_test_…)."),
      z.refine((v) => !placeholderKey.test(v), "PAYSTACK_SECRET_KEY is a placeholder (from .env.example?): use the key of your Paystack dashboard."),
    ),
  ),
  /**
   * A staging deployment's word that it runs on test money: with NODE_ENV=production the APIs refuse to start without a live
   * key (no key: the stand-in; an sk_test_ key) and never credit a verification of Paystack's test domain, unless this is
   * `allow`. Every ledger entry made of test money is marked so wherever the transaction logs are shown.
   */
  PAYMENT_STAND_IN: z.optional(z.enum(["allow"])),
  /**
   * The stand-in's secret key, when a browser suite or a staging deployment's tests must call it as a merchant does (a
   * refund); without it the stand-in makes one of its own and keeps it in the database. Never used with a real key.
   */
  PAYMENT_STAND_IN_SECRET: z.optional(z.string().check(z.minLength(32, "PAYMENT_STAND_IN_SECRET must be at least 32 characters."))),
  /** Where the provider's API is: https://api.paystack.co with a key, the billing API's own stand-in without one. */
  PAYSTACK_BASE_URL: z.optional(z.url()),
  /**
   * The provider's webhook is answered as soon as its event is recorded and, when that takes no longer, done (ms): a
   * verification slower than this goes on after the answer, so Paystack always gets a prompt 200.
   */
  WEBHOOK_ANSWER_WAIT_MS: wholeNumber(100),
  /**
   * A payment still pending this long after its link was made (minutes) — neither the user's return nor the webhook
   * came — is verified with the provider by the webhook sweep and credited or closed; checked again as often while the
   * provider says it is under way.
   */
  PENDING_PAYMENT_SWEEP_MINUTES: z._default(z.coerce.number().check(z.int(), z.positive()), 30),
  /**
   * Optional: the only client addresses the webhook is taken from (comma-separated; Paystack's documentation lists its
   * own). Off when left out: behind a proxy that does not show the sender's address (TRUSTED_PROXY_HOPS at the portal)
   * every address would look the same. The signature is checked either way.
   */
  PAYSTACK_WEBHOOK_IPS: z.optional(
    z.pipe(
      z.string(),
      z.transform((v) =>
        v
          .split(",")
          .map((a) => a.trim())
          .filter(Boolean),
      ),
    ),
  ),
  /** How long a call to the provider may take (ms) before the user is told it could not be reached (nothing is credited). */
  PAYSTACK_TIMEOUT_MS: positiveInt(10_000),
  /**
   * Fault tests only (services/billing/wallet/crash.test.ts): the process kills itself (SIGKILL) at this point of a wallet
   * credit, inside its transaction after the ledger entry is written and before the commit. Read in one place: wallet/credit.ts.
   */
  BILLING_CRASH_POINT: z.optional(z.enum(["after-ledger-insert"])),
});

const testKeyPrefix = "sk_test_";

/** Test money may be credited: anywhere but in production, and there only on a staging deployment's PAYMENT_STAND_IN=allow. */
export function testMoneyAllowed(config: Pick<ServiceConfig, "NODE_ENV" | "PAYMENT_STAND_IN">): boolean {
  return config.NODE_ENV !== "production" || config.PAYMENT_STAND_IN === "allow";
}

/** Every payment of this deployment is test money: it has no key (the stand-in) or a test key. */
export function paymentsAreTestMoney(config: Pick<ServiceConfig, "PAYSTACK_SECRET_KEY">): boolean {
  return !config.PAYSTACK_SECRET_KEY || config.PAYSTACK_SECRET_KEY.startsWith(testKeyPrefix);
}

/** Mail carries reset codes: a production deployment sends it, never only stores or prints it. */
const refined = schema.check(
  z.refine((c) => c.NODE_ENV !== "production" || Boolean(c.SMTP_URL), {
    path: ["SMTP_URL"],
    message: "SMTP_URL is required with NODE_ENV=production: reset codes and invitations must be sent, not printed.",
  }),
  // The stand-in of the payment provider says every payment succeeded: it must never be what a real key talks to.
  z.refine((c) => !c.PAYSTACK_SECRET_KEY || !c.PAYSTACK_BASE_URL || !isStandInUrl(c.PAYSTACK_BASE_URL), {
    path: ["PAYSTACK_BASE_URL"],
    message: `PAYSTACK_BASE_URL points at the provider stand-in (${providerStandInPath}), which never runs with a real PAYSTACK_SECRET_KEY: remove PAYSTACK_BASE_URL (Paystack's own API is the default) or the key.`,
  }),
  // Issue 33: the stand-in credits money never paid, and a test key's payments are made with test cards.
  z.refine((c) => Boolean(c.PAYSTACK_SECRET_KEY) || testMoneyAllowed(c), {
    path: ["PAYSTACK_SECRET_KEY"],
    message:
      "PAYSTACK_SECRET_KEY is required with NODE_ENV=production: without it wallets are funded through the provider stand-in, which credits money never paid. Set the live key (sk_live_…), or PAYMENT_STAND_IN=allow on a staging deployment.",
  }),
  z.refine((c) => !c.PAYSTACK_SECRET_KEY?.startsWith(testKeyPrefix) || testMoneyAllowed(c), {
    path: ["PAYSTACK_SECRET_KEY"],
    message: `PAYSTACK_SECRET_KEY is a test key (${testKeyPrefix}…): its payments are made with test cards and must not fund real wallets. With NODE_ENV=production set the live key (sk_live_…), or PAYMENT_STAND_IN=allow on a staging deployment.`,
  }),
  z.refine((c) => !c.PAYSTACK_SECRET_KEY || Boolean(c.PORTAL_URL), {
    path: ["PORTAL_URL"],
    message:
      "PORTAL_URL is required with PAYSTACK_SECRET_KEY: Paystack sends users back to the portal's wallet page, which needs the portal's absolute address.",
  }),
);

export type ServiceConfig = z.infer<typeof refined>;

/** How many API processes to run: one per core with a PostgreSQL server unless told; one with the embedded database, always. */
export function apiWorkerCount(config: ServiceConfig, cores: number): number {
  if (!config.DATABASE_URL) {
    if ((config.API_WORKERS ?? 1) > 1) throw new Error("API_WORKERS above 1 needs DATABASE_URL: the embedded database allows one process.");
    return 1;
  }
  return config.API_WORKERS ?? cores;
}

/**
 * The payment provider's API: PAYSTACK_BASE_URL when set; else Paystack's with a key, and without one the stand-in on this
 * billing API (a wildcard listening address is reached on loopback).
 */
export function paystackBaseUrl(config: ServiceConfig): string {
  if (config.PAYSTACK_BASE_URL) return config.PAYSTACK_BASE_URL.replace(/\/+$/, "");
  if (config.PAYSTACK_SECRET_KEY) return "https://api.paystack.co";
  return `${localBillingApiUrl(config)}${providerStandInPath}`;
}

/** The billing API as this machine reaches it (a wildcard listening address is reached on loopback). */
export function localBillingApiUrl(config: ServiceConfig): string {
  const host = ["0.0.0.0", "::", ""].includes(config.API_HOST) ? "127.0.0.1" : config.API_HOST.includes(":") ? `[${config.API_HOST}]` : config.API_HOST;
  return `http://${host}:${config.BILLING_API_PORT}`;
}

export function loadServiceConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  const parsed = refined.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid service configuration:\n${lines}`);
  }
  return parsed.data;
}

/** Random secrets, made once per test process. */
const testSecrets = { JWT_SECRET: randomBytes(32).toString("base64url"), INTERNAL_SECRET: randomBytes(32).toString("base64url") };

/** A configuration for tests: random secrets, small limits where a test wants them. */
export function testServiceConfig(overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  return {
    ...loadServiceConfig(testSecrets),
    // Registrations in tests solve their proof of presence at once.
    REGISTRATION_PROOF_BITS: 4,
    ...overrides,
  };
}
