/**
 * Which portal the browser suite runs against. By default, a stack it starts itself (e2e/support/stack-server.ts,
 * the demo's data and accounts). With E2E_BASE_URL (or `npm run test:e2e -- --base-url URL`), a deployment it
 * did not start — QA's staging or the live portal: its accounts come from E2E_* variables, tests that need
 * control of the stack (tag @stack) or read the demo's records (@demo) are left out, and so are tests that
 * change data (@writes) unless E2E_ALLOW_WRITES=1. README 'Testing against a deployment'.
 */
const baseUrl = process.env.E2E_BASE_URL?.replace(/\/+$/, "") || null;

export const target = {
  /** The deployment's address, or null for the suite's own stack. */
  remote: baseUrl,
  /** Tests tagged @writes run: always on the suite's own stack, on a deployment only when asked. */
  writes: !baseUrl || process.env.E2E_ALLOW_WRITES === "1",
  /** A deployment's APIs, where QA can reach them, for the tests that arrange data through them. */
  districtApiUrl: process.env.E2E_DISTRICT_API_URL?.replace(/\/+$/, "") || null,
  billingApiUrl: process.env.E2E_BILLING_API_URL?.replace(/\/+$/, "") || null,
};

/** Why tests are left out against a deployment, by tag (scripts/e2e.ts prints how many of each). */
export const leftOut = {
  "@stack": "they need control of the stack the suite starts itself (its mail sink, short token lifetimes, stopping processes)",
  "@demo": "they read the demo's own records (its names, figures and accounts), which a deployment does not hold",
  "@writes": "they change data; set E2E_ALLOW_WRITES=1 to run them (on staging, never on the live portal)",
} as const;

/** The tags to leave out of a run with this environment (read when asked: the runner sets E2E_BASE_URL from --base-url). */
export function leftOutTags(env: NodeJS.ProcessEnv = process.env): (keyof typeof leftOut)[] {
  if (!env.E2E_BASE_URL) return [];
  return env.E2E_ALLOW_WRITES === "1" ? ["@stack", "@demo"] : ["@stack", "@demo", "@writes"];
}

/**
 * A run's own prefix for the records its tests create ('qa3k8x1'), from E2E_RUN_PREFIX or made once per run
 * (the config sets it before the workers start, so all of them share it): on a shared staging portal, one
 * run's records are told from another's and from real ones, and can be found and removed afterwards.
 */
export function runPrefix(): string {
  // Letters and digits only, lower case: it goes into names, e-mail addresses and numbers' seeds alike.
  process.env.E2E_RUN_PREFIX ||= `qa${Date.now().toString(36).slice(-5)}`;
  const problem = runPrefixProblem(process.env.E2E_RUN_PREFIX);
  if (problem) throw new Error(problem);
  return process.env.E2E_RUN_PREFIX;
}

/** As long as the generated form ('qa' and five): a shorter prefix could be part of real names, which the teardown must never touch. */
const RUN_PREFIX_MIN_LENGTH = 7;

/** What is wrong with a run prefix given in E2E_RUN_PREFIX, or null. */
export function runPrefixProblem(prefix: string): string | null {
  if (!/^[a-z0-9]+$/.test(prefix)) return `E2E_RUN_PREFIX must be lower-case letters and digits ('${prefix}' is not)`;
  if (prefix.length < RUN_PREFIX_MIN_LENGTH)
    return `E2E_RUN_PREFIX must be at least ${RUN_PREFIX_MIN_LENGTH} characters, as the generated 'qa' and five are ('${prefix}' could match real names)`;
  return null;
}
