import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../lib/contract/messages";
import type { AuthResult } from "../../lib/contract/user";
import { school } from "../db/schema";
import { createTestApi, type TestApi } from "../test/harness";
import { expectError } from "../test/helpers";

/**
 * A mutating request says what it carries: JSON routes take application/json, upload routes
 * multipart/form-data, and anything else is 415, so a form or a text/plain request from another
 * site (which a browser sends without asking) cannot write.
 */
let api: TestApi;
let admin: AuthResult;
beforeAll(async () => {
  api = await createTestApi();
  admin = await api.loginAdmin(1);
});
afterAll(() => api.close());

const newSchool = (name: string) => JSON.stringify({ name, address: "1 Road", localGovernment: "Agege", category: "Primary" });
const schoolsNamed = (name: string) => api.db.select().from(school).where(eq(school.name, name));

describe("content types of mutating requests", () => {
  it("refuses JSON sent as text/plain, as a form, or without a content type", async () => {
    for (const [label, type] of [
      ["text/plain", "text/plain"],
      ["form", "application/x-www-form-urlencoded"],
      ["none", undefined],
    ] as const) {
      const name = `Content Type School ${label}`;
      const response = await api.district.app.request("/school/add", {
        method: "POST",
        headers: { authorization: `Bearer ${admin.authorizationToken}`, ...(type ? { "content-type": type } : {}) },
        body: newSchool(name),
      });
      await expectError(response, 415, authMessages.unsupportedMediaType);
      expect(await schoolsNamed(name), label).toEqual([]);
    }
  });

  it("takes application/json, with or without a charset", async () => {
    const response = await api.call("POST", "/school/add", {
      token: admin.authorizationToken,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: newSchool("Content Type School JSON"),
    });
    expect(response.status).toBe(201);
  });

  it("refuses an upload that is not multipart/form-data", async () => {
    const response = await api.district.app.request(`/staff/update-profile-picture/${admin.staff.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${admin.authorizationToken}`, "content-type": "application/json" },
      body: JSON.stringify({ file: "x" }),
    });
    await expectError(response, 415, authMessages.unsupportedMediaType);
  });
});
