import { z } from "zod";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Everything the APIs read from the environment, parsed once. Nothing else in services/ reads process.env. */
const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(".data/db"),
  DISTRICT_API_PORT: positiveInt(4000),
  BILLING_API_PORT: positiveInt(4100),
  API_HOST: z.string().default("127.0.0.1"),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters."),
  /** Shared with the BFF: proves that a forwarded client address comes from it. */
  INTERNAL_SECRET: z.string().min(32, "INTERNAL_SECRET must be at least 32 characters."),
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
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("District Portal <no-reply@district-portal.local>"),
  MAX_JSON_BODY_BYTES: positiveInt(1_000_000),
  LOG_MAIL: z.enum(["true", "false"]).default("true"),
});

export type ServiceConfig = z.infer<typeof schema>;

export function loadServiceConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid service configuration:\n${lines}`);
  }
  return parsed.data;
}

/** A configuration for tests: fixed secrets, small limits where a test wants them. */
export function testServiceConfig(overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  return {
    ...loadServiceConfig({
      JWT_SECRET: "test-jwt-secret-test-jwt-secret-0123456789",
      INTERNAL_SECRET: "test-internal-secret-test-internal-0123456789",
      LOG_MAIL: "false",
    }),
    ...overrides,
  };
}
