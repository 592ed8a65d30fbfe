import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";
import { districtOwnedTables } from "./scope";

/**
 * No query of a district-owned table without the scope: every `.from(t)`, `.update(t)` and `.delete(t)`
 * of such a table in services/ must apply `within(scope, t)` (or `withinDistrict`) in the same statement,
 * and only the modules below may take the explicit system scope that crosses districts.
 */

const servicesRoot = fileURLToPath(new URL("..", import.meta.url));

/** Modules that cross districts by design, each with the reason. Adding one is a decision for review. */
const systemScopeModules: Record<string, string> = {
  "auth/authenticate.ts": "a token names its staff member before any scope exists",
  "auth/organizations.ts": "a token or role access names its organisation",
  "auth/permissions.ts": "the permissions the scope is built from",
  "auth/sessions.ts": "a refresh token names its staff member",
  "auth/signed-in-user.ts": "the signed-in user's own record, as sign-in answers",
  "district/auth/routes.ts": "sign-in finds the account by e-mail or username",
  "district/auth/password-reset-routes.ts": "password reset finds the account by e-mail",
  "district/auth/switch-routes.ts": "switching to one's own role access, or a super administrator's district",
  "district/staff/identity.ts": "e-mail, phone and username are unique across the product, staff numbers across the state",
  "district/districts/state-names.ts": "district names are unique in their state",
  "db/seed.ts": "the demo seed",
  "db/create-super-admin-cli.ts": "the first super administrator of a deployment",
  "billing/ledger/invariant.ts": "the ledger invariant is checked over every wallet",
  "auth/api-key.ts": "an API key names its client, and so its district, before any scope exists",
  "billing/wallet/webhook.ts": "the payment provider's webhook names a payment by its reference; no one is signed in",
  "billing/wallet/webhook-events.ts": "a recorded webhook event is worked on after its answer, by the event's payment reference; no one is signed in",
  "district/registration/register.ts": "a district registers itself: no one is signed in, and the new district has no scope until it exists",
  "district/registration/closing.ts": "housekeeping abandons registrations left without approval in every district; no one is signed in",
  "db/notify.ts": "a notification goes to whoever it concerns, whom the caller may not read (a district's owner, an inviter, a wallet's keepers)",
};

/** The names under which the district-owned tables are exported from the schema (`school`, `roleAccess`, ...). */
const ownedNames = new Set(
  Object.entries(schema)
    .filter(([, value]) => (districtOwnedTables as readonly unknown[]).includes(value))
    .map(([name]) => name),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" || entry.name === "test" ? [] : sourceFiles(path);
    // Tests and their setup modules (`*test-support.ts`, `test-fixtures.ts`) read and write rows directly, as `services/test/` does.
    const testOnly = /(\.test|test-support|test-fixtures)\.ts$/.test(entry.name);
    return entry.name.endsWith(".ts") && !testOnly ? [path] : [];
  });
}

/** The whole method chain a call belongs to (`db.select().from(t).where(…).limit(1)`). */
function chainOf(node: ts.Node): ts.Node {
  let top = node;
  while (ts.isPropertyAccessExpression(top.parent) || (ts.isCallExpression(top.parent) && top.parent.expression === top)) top = top.parent;
  return top;
}

type Finding = { file: string; line: number; text: string };

/** Queries of district-owned tables that do not apply the scope, and system scopes taken outside the listed modules. */
function findUnscoped(file: string, text: string): { unscoped: Finding[]; systemScopeUses: Finding[] } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const unscoped: Finding[] = [];
  const systemScopeUses: Finding[] = [];
  const at = (node: ts.Node) => ({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.getText().slice(0, 120) });
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [table] = node.arguments;
      if (["from", "update", "delete"].includes(method) && table && ts.isIdentifier(table) && ownedNames.has(table.text)) {
        const chain = chainOf(node).getText();
        if (!/\bwithin(District)?\(/.test(chain)) unscoped.push(at(node));
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "systemScope") systemScopeUses.push(at(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { unscoped, systemScopeUses };
}

describe("the scope on every query", () => {
  const files = sourceFiles(servicesRoot).map((path) => ({ path, name: relative(servicesRoot, path), text: readFileSync(path, "utf8") }));

  it("knows the district-owned tables by their schema names", () => {
    expect([...ownedNames].sort()).toEqual(
      [
        "admissionSequence",
        "apiClient",
        "auditLog",
        "classType",
        "dataImport",
        "district",
        "districtConfiguration",
        "districtRegistration",
        "enrolmentTally",
        "ledgerEntry",
        "lgea",
        "notification",
        "payment",
        "reportCardCharge",
        "role",
        "roleAccess",
        "school",
        "schoolClass",
        "schoolRole",
        "staff",
        "staffTransfer",
        "staffTransferRow",
        "statisticsSnapshot",
        "storedImage",
        "student",
        "studentMove",
        "studentMoveRow",
        "wallet",
      ].sort(),
    );
  });

  it("finds no query of a district-owned table without within(scope, table)", () => {
    const unscoped = files.flatMap((f) => findUnscoped(f.name, f.text).unscoped);
    expect(unscoped).toEqual([]);
    // The walk looked at real queries: the schools' queries alone hold several.
    const queries = files.filter((f) => f.name === "district/schools/queries.ts").flatMap((f) => f.text.match(/\.from\(school\)/g) ?? []);
    expect(queries.length).toBeGreaterThanOrEqual(5);
  });

  it("lets only the listed modules take the system scope", () => {
    const outside = files
      .filter((f) => f.name !== "db/scope.ts" && !(f.name in systemScopeModules))
      .flatMap((f) => findUnscoped(f.name, f.text).systemScopeUses);
    expect(outside).toEqual([]);
    for (const name of Object.keys(systemScopeModules)) {
      const file = files.find((f) => f.name === name);
      expect(file, `${name} is listed but does not exist`).toBeDefined();
      expect(findUnscoped(name, file?.text ?? "").systemScopeUses.length, `${name} is listed but takes no system scope`).toBeGreaterThan(0);
    }
  });

  it("catches an unscoped query and a stray system scope", () => {
    const unscoped = `const rows = await db.select().from(school).where(eq(school.id, id));`;
    const scoped = `const rows = await db.select().from(school).where(and(eq(school.id, id), within(scope, school)));`;
    const stray = `const everyone = systemScope("because");`;
    expect(findUnscoped("x.ts", unscoped).unscoped).toHaveLength(1);
    expect(findUnscoped("x.ts", scoped).unscoped).toHaveLength(0);
    expect(findUnscoped("x.ts", stray).systemScopeUses).toHaveLength(1);
  });
});
