import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGED_ROWS, pagedTooDeep } from "../../lib/contract/messages";
import type { AuthResult } from "../../lib/contract/user";
import { createTestApi, type TestApi } from "../test/harness";

/**
 * Issue 35, finding 8: `page` up to 1,000,000 (or without a bound) with `limit` 1,000 made the database skip up
 * to a billion rows on every paged list. Pages now go only as deep as the first MAX_PAGED_ROWS results, with a
 * message saying how to see the rest.
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

/** Every paged list, with the largest page size it takes. */
const lists = [
  ["district", "/staff/search", 1000],
  ["district", "/student/search", 1000],
  ["billing", "/transaction-logs/search", 1000],
  ["district", "/school/search", 1000],
  ["district", "/lgea/search", 1000],
  ["district", "/class/view-all", 1000],
  ["district", "/staff/list-staff-transfer", 100],
  ["district", "/student/moves", 100],
] as const;

describe("how deep a list may be paged", () => {
  it("refuses a page past the first results, on every paged list, naming the page", async () => {
    for (const [which, path, limit] of lists) {
      for (const page of [1_000_000, MAX_PAGED_ROWS / limit + 1]) {
        const answer = await get(which, `${path}?limit=${limit}&page=${page}`);
        const text = await answer.text();
        expect(answer.status, `${path} page ${page}: ${text}`).toBe(400);
        expect(JSON.parse(text), `${path} page ${page}`).toMatchObject({ issues: [{ path: "page", message: pagedTooDeep }] });
      }
    }
  });

  it("serves every page up to that depth", async () => {
    for (const [which, path, limit] of lists) {
      const answer = await get(which, `${path}?limit=${limit}&page=${MAX_PAGED_ROWS / limit}`);
      expect(answer.status, `${path}: ${await answer.clone().text()}`).toBe(200);
    }
  });
});
