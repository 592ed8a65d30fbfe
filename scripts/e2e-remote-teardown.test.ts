import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthResult } from "../lib/contract/user";
import { demoPasswords, demoSecondFactorSecret } from "../services/db/demo-data";
import { classType, role } from "../services/db/schema";
import { createTestApi, type TestApi } from "../services/test/harness";
import { expectOk } from "../services/test/helpers";

/**
 * Issue 35, finding 10: after a writing QA run against a deployment, the teardown deleted the roles and class
 * types whose names merely contained the run's prefix, so a short prefix (E2E_RUN_PREFIX=qa) deleted real
 * roles of a real district. It now removes only names carrying the run's stamp (the prefix at the start of a
 * word, then the stamp's own characters), and refuses a prefix shorter than the generated form.
 */
let api: TestApi;
let server: ServerType;
let admin: AuthResult;
const saved = { ...process.env };

beforeAll(async () => {
  api = await createTestApi();
  server = serve({ fetch: api.district.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((listening) => server.once("listening", listening));
  admin = await api.loginAdmin(1);
});
afterAll(async () => {
  await new Promise((closed) => server.close(closed));
  await api.close();
});
afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

const districtApiUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function addRole(name: string) {
  await expectOk(await api.call("POST", "/role/add", { token: admin.authorizationToken, body: { name, operations: ["school.view"] } }), 201);
}
async function addClassType(name: string, position: number) {
  await expectOk(await api.call("POST", "/class-arm/add-class-type", { token: admin.authorizationToken, body: { name, level: "Primary", position } }), 201);
}
const roleNames = async () => (await api.db.select({ name: role.name }).from(role).where(eq(role.districtId, admin.staff.district.id))).map((r) => r.name);
const classTypeNames = async () =>
  (
    await api.db
      .select({ name: classType.name })
      .from(classType)
      .where(and(eq(classType.districtId, admin.staff.district.id)))
  ).map((r) => r.name);

/** The teardown as Playwright runs it after a writing run against a deployment, with this prefix; what it printed. */
async function tearDown(prefix: string) {
  Object.assign(process.env, {
    E2E_BASE_URL: "https://staging.example",
    E2E_ALLOW_WRITES: "1",
    E2E_RUN_PREFIX: prefix,
    E2E_DISTRICT_API_URL: districtApiUrl(),
    E2E_ADMIN1_EMAIL: "admin.ed1@example.org",
    E2E_ADMIN1_PASSWORD: demoPasswords.admin,
    // The demo's district owner signs in with two steps, as a deployment's would with its own secret.
    E2E_ADMIN1_TOTP_SECRET: demoSecondFactorSecret,
  });
  const lines: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  try {
    const { default: removeRunRecords } = await import("../e2e/support/remote-teardown");
    await removeRunRecords();
  } finally {
    log.mockRestore();
  }
  return lines.join("\n");
}

describe("the QA teardown after a writing run against a deployment", () => {
  it("refuses a prefix shorter than the generated form, and removes nothing", async () => {
    await addRole("Aqaba Liaison");
    await addRole("Reviewer qa9zz9z1abc123");
    const output = await tearDown("qa");
    expect(output).toMatch(/E2E_RUN_PREFIX/);
    expect(await roleNames()).toEqual(expect.arrayContaining(["Aqaba Liaison", "Reviewer qa9zz9z1abc123"]));
  });

  it("removes only the names carrying the run's stamp, never a name that merely contains the prefix", async () => {
    const prefix = "qa3k8x1";
    for (const name of [`Reviewer ${prefix}ab1c123`, `Auditor ${prefix}zz9z7`]) await addRole(name);
    for (const name of [`Team ${prefix}`, `Lead x${prefix}ab1c123`, `Board ${prefix}-real`, `${prefix}ab1c123x Office`]) await addRole(name);
    await addClassType(`Primary Extra ${prefix}ab1c45`, 901);
    await addClassType(`Primary ${prefix} Annex`, 902);
    await tearDown(prefix);
    const roles = await roleNames();
    expect(roles).not.toContain(`Reviewer ${prefix}ab1c123`);
    expect(roles).not.toContain(`Auditor ${prefix}zz9z7`);
    expect(roles).toEqual(expect.arrayContaining([`Team ${prefix}`, `Lead x${prefix}ab1c123`, `Board ${prefix}-real`, `${prefix}ab1c123x Office`]));
    const types = await classTypeNames();
    expect(types).not.toContain(`Primary Extra ${prefix}ab1c45`);
    expect(types).toContain(`Primary ${prefix} Annex`);
  });
  // A test that makes several names at once (three schools of one upload) got the same stamp twice when they were made
  // in the same millisecond and drew the same number, and the upload refused its own duplicate row.
  it("gives each name made in one millisecond a stamp of its own, every one the teardown's", async () => {
    process.env.E2E_RUN_PREFIX = "qa3k8x1";
    vi.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    try {
      const { stamp, carriesStamp } = await import("../e2e/support/stamp");
      const stamps = Array.from({ length: 3 }, () => stamp());
      expect(new Set(stamps).size).toBe(3);
      for (const made of stamps) expect(carriesStamp(`Bell School ${made}`, "qa3k8x1")).toBe(true);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
