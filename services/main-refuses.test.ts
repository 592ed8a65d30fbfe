import { describe, expect, it } from "vitest";
import { startApiProcess } from "./test/api-process";

/** The APIs' process checks its whole configuration before it listens, one line per wrong or missing variable. */
describe("the APIs' process with a wrong configuration", () => {
  it("refuses to start, naming each variable", async () => {
    await expect(startApiProcess({ DATA_DIR: "/nonexistent/never-used", INTERNAL_SECRET: "", DISTRICT_API_PORT: "soon" })).rejects.toThrow(
      /Invalid service configuration:\n(.*\n)*\s+DISTRICT_API_PORT: .*\n(.*\n)*\s+INTERNAL_SECRET: INTERNAL_SECRET is required/,
    );
  }, 60_000);
});
