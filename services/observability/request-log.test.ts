import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prettyLine, logFormatOf } from "./logger";
import { createTestApi } from "../test/harness";
import { registry } from "./metrics";

/** The value of one series in the metrics text, 0 when it has none yet. */
async function seriesValue(name: string, labels: string): Promise<number> {
  const line = (await registry.metrics()).split("\n").find((l) => l.startsWith(`${name}{${labels}}`));
  return Number(line?.split(" ").at(-1) ?? 0);
}

describe("each API request is tied to an id and counted by route pattern", () => {
  let api: Awaited<ReturnType<typeof createTestApi>>;
  let token = "";
  beforeAll(async () => {
    api = await createTestApi();
    token = (await api.loginAdmin()).authorizationToken;
  });
  afterAll(() => api.close());

  it("answers the portal's request id, and makes one when none or a malformed one comes", async () => {
    const given = await api.call("GET", "/school/search?searchTerm=Okonkwo", { token, headers: { "x-request-id": "7F0000010D3A-abc.123" } });
    expect(given.headers.get("x-request-id")).toBe("7F0000010D3A-abc.123");
    for (const headers of [{}, { "x-request-id": "bad id with spaces" }, { "x-request-id": "x".repeat(200) }] as Record<string, string>[]) {
      const made = await api.call("GET", "/school/search", { token, headers });
      expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Errors too: a route that does not exist and one refused without a token.
    expect((await api.call("GET", "/no/such/route")).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api.call("GET", "/school/search", { headers: { "x-request-id": "req-00000001" } })).headers.get("x-request-id")).toBe("req-00000001");
  });

  it("counts requests by the route's pattern, never the path", async () => {
    const labels = 'service="district",route="/school/view/:id",method="GET",status="404"';
    const before = await seriesValue("http_requests_total", labels);
    for (const id of ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"])
      expect((await api.call("GET", `/school/view/${id}`, { token })).status).toBe(404);
    expect(await seriesValue("http_requests_total", labels)).toBe(before + 2);
    expect(await registry.metrics()).not.toContain("00000000-0000-4000-8000-000000000001");
  });
});

describe("the log's two forms", () => {
  it("is JSON in production and readable elsewhere unless LOG_FORMAT says", () => {
    expect(logFormatOf({ NODE_ENV: "production" })).toBe("json");
    expect(logFormatOf({ NODE_ENV: "development" })).toBe("pretty");
    expect(logFormatOf({ NODE_ENV: "production", LOG_FORMAT: "pretty" })).toBe("pretty");
  });

  it("writes a readable line as the console lines were: [component] message (fields)", () => {
    expect(prettyLine({ level: "info", time: "t", pid: 1, component: "services", msg: "drained: every request in flight finished" })).toBe(
      "[services] drained: every request in flight finished\n",
    );
    expect(prettyLine({ level: "info", component: "portal", msg: "request", method: "GET", route: "/login", status: 200 })).toBe(
      "[portal] request (method=GET route=/login status=200)\n",
    );
  });
});
