import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "./harness";

describe("test harness", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it("serves health from both APIs on a seeded database", async () => {
    expect((await api.call("GET", "/health")).status).toBe(200);
    expect((await api.billing.app.request("/health")).status).toBe(200);
    const admin = await api.loginAdmin();
    expect(admin.staff.email).toBe("admin.ed1@example.org");
  });
});
