import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingMessages } from "../../lib/contract/billing-values";
import { authMessages } from "../../lib/contract/messages";
import { allOperations } from "../../lib/contract/permissions";
import { createTestApi, type TestApi } from "../test/harness";
import { expectError, expectOk, randomId } from "../test/helpers";
import type { Api, RegisteredRoute } from "./api";

type OpenApiDoc = { openapi: string; paths: Record<string, Record<string, { "x-access"?: string; security?: unknown[] }>> };

const accessKinds = ["public", "signedIn", "operation", "ownRecordOr", "districtOwner", "superAdmin", "apiKey"];
const withParams = (path: string, value: string) => path.replace(/:([A-Za-z0-9_]+)/g, value);
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
const expectedAccess = (r: RegisteredRoute) =>
  r.access.kind === "operation"
    ? [r.access.operation, ...(r.access.or ?? [])].join(" or ")
    : r.access.kind === "ownRecordOr"
      ? `own record or ${r.access.operation}`
      : r.access.kind;

describe("route registry", () => {
  let api: TestApi;
  let apis: [name: string, api: Api][];
  beforeAll(async () => {
    api = await createTestApi();
    apis = [
      ["district", api.district],
      ["billing", api.billing],
    ];
  });
  afterAll(() => api.close());

  it("registers routes, each method and path once", () => {
    expect(api.district.routes.length).toBeGreaterThan(10);
    for (const [name, { routes }] of apis) {
      const keys = routes.map((r) => `${r.method} ${r.path}`);
      expect(new Set(keys).size, name).toBe(keys.length);
    }
  });

  it("gives every route an access declaration, and every operation is in the catalogue", () => {
    for (const [name, { routes }] of apis) {
      for (const r of routes) {
        const label = `${name} ${r.method} ${r.path}`;
        expect(r.access, label).toBeDefined();
        expect(accessKinds, label).toContain(r.access.kind);
        if (r.access.kind === "operation" || r.access.kind === "ownRecordOr") expect(allOperations, label).toContain(r.access.operation);
        if (r.access.kind === "operation") for (const op of r.access.or ?? []) expect(allOperations, label).toContain(op);
        expect(r.summary.trim(), label).not.toBe("");
      }
    }
  });

  it("answers 401 without a token on every route that is not public", async () => {
    let checked = 0;
    for (const [name, { app, routes }] of apis) {
      for (const r of routes.filter((route) => route.access.kind !== "public")) {
        const response = await app.request(withParams(r.path, randomId()), {
          method: r.method,
          ...(r.method === "GET" ? {} : { headers: { "content-type": "application/json" }, body: "{}" }),
        });
        // API-key routes ask for their key, not for a sign-in.
        await expectError(response, 401, r.access.kind === "apiKey" ? billingMessages.invalidApiKey : authMessages.notSignedIn).catch((error: unknown) => {
          throw new Error(`${name} ${r.method} ${r.path}: ${String(error)}`);
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("keeps sign-in, reset, registration and reference routes public, and only those", () => {
    const publicRoutes = api.district.routes
      .filter((r) => r.access.kind === "public")
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(publicRoutes).toEqual(
      [
        "GET /district/list-of-states-and-local-governments",
        "GET /generic-apis/all-enum",
        "GET /health",
        // Liveness and readiness for load balancers and operators: no session, nothing personal.
        "GET /livez",
        "GET /readyz",
        // The portal's start-up check that it shares INTERNAL_SECRET (signed; the secret never travels).
        "GET /internal/handshake",
        "GET /openapi.json",
        "PATCH /staff/reset-password",
        // Registration (architecture 'Registration'): no one is signed in yet; each is limited per client address.
        "GET /staff/register/challenge",
        "GET /staff/register/state-portals",
        "GET /staff/register/username-exists/:value",
        "POST /staff/register/email-code",
        "POST /staff/register/verify-email",
        "POST /staff/register",
        "POST /auth/login",
        // The second step of sign-in: its challenge (from a right password) is the proof.
        "POST /auth/second-factor",
        "POST /auth/second-factor/enrolment",
        "POST /auth/second-factor/enrolment/confirm",
        "POST /auth/logout",
        "POST /reset-code/:value",
        "POST /token/refresh-token",
      ].sort(),
    );
  });

  it("documents every registered route in /openapi.json with its access", async () => {
    for (const [name, { app, routes }] of apis) {
      const doc = await expectOk<OpenApiDoc>(await app.request("/openapi.json"));
      expect(doc.openapi, name).toBe("3.1.0");
      for (const r of routes) {
        const label = `${name} ${r.method} ${r.path}`;
        const operation = doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()];
        expect(operation, label).toBeDefined();
        expect(operation?.["x-access"], label).toBe(expectedAccess(r));
        expect(operation?.security, label).toEqual(r.access.kind === "public" ? [] : r.access.kind === "apiKey" ? [{ apiKey: [] }] : [{ bearer: [] }]);
      }
      const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
      expect(documented.sort(), name).toEqual(routes.map((r) => `${r.method} ${openApiPath(r.path)}`).sort());
      for (const path of Object.keys(doc.paths)) expect(path, name).not.toContain(":");
    }
  });
});
