import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlCharacterMessage } from "../../lib/contract/messages";
import type { AuthResult } from "../../lib/contract/user";
import { eq } from "drizzle-orm";
import { role } from "../db/schema";
import { xlsxResponse } from "../spreadsheet/respond";
import { createTestApi, type TestApi } from "../test/harness";
import { expectError, expectOk } from "../test/helpers";
import type { ApiEnv } from "./context";
import { renderError } from "./errors";

/**
 * Issue 35, finding 11: a NUL byte (or another control character) in a text field or a query value reached
 * the database, which refuses it: 500 on every search, and a download answered 200 and cut off mid-stream.
 * Now the contract refuses it first: 400 naming the field, before a download sends its first byte.
 */
let api: TestApi;
let admin: AuthResult;
beforeAll(async () => {
  api = await createTestApi();
  admin = await api.loginAdmin(1);
});
afterAll(() => api.close());

const get = (which: "district" | "billing", path: string) =>
  api[which].app.request(path, { method: "GET", headers: { authorization: `Bearer ${admin.authorizationToken}` } });

async function expectRefused(response: Response, field: string) {
  const body = await expectError(response, 400, controlCharacterMessage(field));
  expect(body.issues).toEqual([{ path: field, message: controlCharacterMessage(field) }]);
}

describe("control characters in query values and text fields", () => {
  it("refuses a NUL in a search term on every search and total, naming the field", async () => {
    for (const [which, path] of [
      ["district", "/school/search"],
      ["district", "/school/search-total"],
      ["district", "/staff/search"],
      ["district", "/staff/search-total"],
      ["district", "/student/search"],
      ["district", "/student/search-total"],
      ["billing", "/transaction-logs/search"],
      ["billing", "/transaction-logs/search-total"],
    ] as const)
      await expectRefused(await get(which, `${path}?searchTerm=a%00`), "searchTerm");
  });

  it("refuses the other control characters too, in any query value", async () => {
    await expectRefused(await get("district", "/school/search?localGovernment=Ag%01ege"), "localGovernment");
    await expectRefused(await get("district", "/staff/search?searchTerm=%1B%5B2J"), "searchTerm");
    await expectRefused(await get("district", "/audit/search?operation=school.update%7F"), "operation");
  });

  it("refuses a NUL in a JSON body, naming the field, and stores nothing", async () => {
    const response = await api.call("POST", "/role/add", {
      token: admin.authorizationToken,
      body: { name: "Nul Role\u0000x", description: "", operations: ["school.view"] },
    });
    await expectRefused(response, "name");
    const nested = await api.call("POST", "/role/add", {
      token: admin.authorizationToken,
      body: { name: "Nul Role Two", description: "", operations: ["school.view", "school.\u0000update"] },
    });
    await expectRefused(nested, "operations.1");
    expect(await api.db.select().from(role).where(eq(role.name, "Nul Role Two"))).toEqual([]);
  });

  it("keeps tabs and line breaks, which are text", async () => {
    const response = await api.call("POST", "/role/add", {
      token: admin.authorizationToken,
      body: { name: "Multi Line Role", description: "First line\nsecond line\r\n\tindented", operations: ["school.view"] },
    });
    await expectOk(response, 201);
    expect((await get("district", "/school/search?searchTerm=a%0A")).status).toBe(200);
  });

  it("refuses a download's filters before the first byte: 400, not a spreadsheet cut off", async () => {
    await expectRefused(await get("district", "/staff/download?searchTerm=a%00"), "searchTerm");
    await expectRefused(await get("district", "/student/download?searchTerm=a%00"), "searchTerm");
    await expectRefused(await get("district", "/school/download?searchTerm=a%00"), "searchTerm");
    await expectRefused(await get("district", "/audit/download?recordId=%2Fe%00"), "recordId");
    await expectRefused(await get("billing", "/transaction-logs/download?searchTerm=a%00"), "searchTerm");
  });

  it("answers an error, not 200, when a download's first read fails", async () => {
    const app = new Hono<ApiEnv>();
    app.onError((error, c) => renderError(error, c));
    app.get("/broken", (c) =>
      xlsxResponse(c, "broken.xlsx", [
        {
          name: "Rows",
          // eslint-disable-next-line require-yield
          rows: (async function* () {
            throw new Error("the database refused the query");
          })(),
        },
      ]),
    );
    const response = await app.request("/broken");
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/json/);
  });
});
