import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger } from "pino";

/**
 * The processes' log: pino, one JSON object a line on standard output (LOG_FORMAT=json, the default with
 * NODE_ENV=production), or the same events as readable lines (`[component] message key=value`, the default
 * elsewhere, so `npm start` and `npm run dev` read as before). LOG_LEVEL: fatal, error, warn, info (the
 * default), debug, trace or silent. A line carries only what its caller put in it: callers log ids,
 * route patterns, codes and counts, never a body, a token, a password, a code, an e-mail or a name, and
 * the keys below are censored as a second line of defence.
 */
const REDACTED_KEYS = ["password", "newPassword", "token", "accessToken", "refreshToken", "authorization", "cookie", "code", "otp", "email", "phone"];

export type LogFormat = "json" | "pretty";
type LogEnv = { LOG_LEVEL?: string; LOG_FORMAT?: string; NODE_ENV?: string };

export const logFormatOf = (env: LogEnv): LogFormat =>
  env.LOG_FORMAT === "json" || env.LOG_FORMAT === "pretty" ? env.LOG_FORMAT : env.NODE_ENV === "production" ? "json" : "pretty";

/** Keys every line has, which the readable form does not repeat. */
const PLAIN_KEYS = new Set(["level", "time", "pid", "hostname", "component", "msg"]);

/** A readable line per event: warnings and errors on standard error, as `console.warn`/`error` wrote them. */
export function prettyLine(event: Record<string, unknown>): string {
  const extras = Object.entries(event)
    .filter(([key, value]) => !PLAIN_KEYS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  const prefix = event.component ? `[${String(event.component)}] ` : "";
  return `${prefix}${String(event.msg ?? "")}${extras.length ? ` (${extras.join(" ")})` : ""}\n`;
}

const prettyDestination: DestinationStream = {
  write(line: string) {
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(line) as Record<string, unknown>;
    } catch {
      process.stdout.write(line);
      return;
    }
    const text = prettyLine(event);
    if (event.level === "warn" || event.level === "error" || event.level === "fatal") process.stderr.write(text);
    else process.stdout.write(text);
  },
};

/**
 * A process's root logger. Its children name their `component` (portal, services, mail …) and add a
 * request's fields; each key appears once in a line, so the root names none of them.
 */
export function createRootLogger(env: LogEnv = process.env, destination?: DestinationStream): Logger {
  return pino(
    {
      level: env.LOG_LEVEL || "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((k) => `*.${k}`)], censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? (logFormatOf(env) === "pretty" ? prettyDestination : pino.destination({ dest: 1, sync: true })),
  );
}
