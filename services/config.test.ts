import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiWorkerCount, loadServiceConfig } from "./config";

/** The values .env.example ships with: a deployment that copies it must not start. */
const example = Object.fromEntries(
  readFileSync(".env.example", "utf8")
    .split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
) as Record<string, string>;
const random = () => randomBytes(32).toString("base64url");
const good = { JWT_SECRET: random(), INTERNAL_SECRET: random() };

describe("the APIs' configuration refuses unsafe defaults", () => {
  it("refuses .env.example's placeholder secrets", () => {
    expect(example.JWT_SECRET).toBeDefined();
    expect(() => loadServiceConfig({ ...good, JWT_SECRET: example.JWT_SECRET })).toThrow(/JWT_SECRET/);
    expect(() => loadServiceConfig({ ...good, INTERNAL_SECRET: example.INTERNAL_SECRET })).toThrow(/INTERNAL_SECRET/);
  });

  it("refuses long secrets that are easy to guess", () => {
    for (const weak of ["a".repeat(48), "abcdefghabcdefghabcdefghabcdefgh", "passwordpasswordpasswordpassword1", "0123456789012345678901234567890123456789"]) {
      expect(() => loadServiceConfig({ ...good, JWT_SECRET: weak }), weak).toThrow(/JWT_SECRET/);
    }
  });

  it("accepts random secrets as `openssl rand` or the start script make them", () => {
    expect(() => loadServiceConfig(good)).not.toThrow();
    expect(() => loadServiceConfig({ JWT_SECRET: randomBytes(48).toString("base64"), INTERNAL_SECRET: randomBytes(32).toString("hex") })).not.toThrow();
  });

  it("does not print mail to the log unless asked, and refuses production without SMTP", () => {
    expect(loadServiceConfig(good).LOG_MAIL).toBe("false");
    expect(() => loadServiceConfig({ ...good, NODE_ENV: "production" })).toThrow(/SMTP_URL/);
    expect(() => loadServiceConfig({ ...good, NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525", PAYMENT_STAND_IN: "allow" })).not.toThrow();
  });

  it("refuses production without a live Paystack key unless a staging deployment allows the stand-in (issue 33)", () => {
    const production = { ...good, NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525", PORTAL_URL: "https://portal.example.org" };
    const [live, test] = [`sk_live_${randomBytes(20).toString("hex")}`, `sk_test_${randomBytes(20).toString("hex")}`];
    expect(() => loadServiceConfig(production)).toThrow(/PAYSTACK_SECRET_KEY: PAYSTACK_SECRET_KEY is required with NODE_ENV=production/);
    expect(() => loadServiceConfig({ ...production, PAYSTACK_SECRET_KEY: test })).toThrow(/PAYSTACK_SECRET_KEY: PAYSTACK_SECRET_KEY is a test key/);
    expect(() => loadServiceConfig({ ...production, PAYMENT_STAND_IN: "yes" })).toThrow(/PAYMENT_STAND_IN/);
    expect(() => loadServiceConfig({ ...production, PAYSTACK_SECRET_KEY: live })).not.toThrow();
    expect(() => loadServiceConfig({ ...production, PAYMENT_STAND_IN: "allow" })).not.toThrow();
    expect(() => loadServiceConfig({ ...production, PAYSTACK_SECRET_KEY: test, PAYMENT_STAND_IN: "allow" })).not.toThrow();
    // Outside production (the demo, the tests) the stand-in and test keys run as ever.
    expect(() => loadServiceConfig({ ...good, PAYSTACK_SECRET_KEY: test, PORTAL_URL: "https://portal.example.org" })).not.toThrow();
  });
});

describe("API worker processes", () => {
  it("run one per core with a PostgreSQL server unless told, and only one with the embedded database", () => {
    const server = { ...good, DATABASE_URL: "postgres://portal@127.0.0.1:5432/portal" };
    expect(apiWorkerCount(loadServiceConfig(server), 2)).toBe(2);
    expect(apiWorkerCount(loadServiceConfig({ ...server, API_WORKERS: "3" }), 2)).toBe(3);
    expect(apiWorkerCount(loadServiceConfig(good), 8)).toBe(1);
    expect(() => apiWorkerCount(loadServiceConfig({ ...good, API_WORKERS: "2" }), 8)).toThrow(/API_WORKERS above 1 needs DATABASE_URL/);
    expect(() => loadServiceConfig({ ...good, API_WORKERS: "0" })).toThrow(/API_WORKERS/);
  });
});
