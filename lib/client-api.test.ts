import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, clientApi } from "./client-api";
import { offlineReadMessage, offlineSaveMessage } from "./contract/page-messages";

afterEach(() => vi.unstubAllGlobals());

const failWith = (error: unknown) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      throw error;
    }),
  );

describe("clientApi without a connection", () => {
  it("says a save did not happen instead of the browser's 'Failed to fetch'", async () => {
    failWith(new TypeError("Failed to fetch"));
    const failed = clientApi("/api/district/staff/update/1", { method: "PATCH", json: { firstName: "Ada" } });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({ status: 0, message: offlineSaveMessage });
  });

  it("says the same of every browser's wording (Firefox, Safari)", async () => {
    for (const words of ["NetworkError when attempting to fetch resource.", "Load failed"]) {
      failWith(new TypeError(words));
      await expect(clientApi("/api/district/student/add", { method: "POST", json: {} })).rejects.toMatchObject({ message: offlineSaveMessage });
    }
  });

  it("a read says only that the user is offline", async () => {
    failWith(new TypeError("Failed to fetch"));
    await expect(clientApi("/api/district/school/search")).rejects.toMatchObject({ status: 0, message: offlineReadMessage });
  });

  it("a server's answer still carries the server's message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "Email already taken" }), { status: 400, headers: { "content-type": "application/json" } })),
    );
    await expect(clientApi("/api/district/staff/create", { method: "POST", json: {} })).rejects.toMatchObject({ status: 400, message: "Email already taken" });
  });
});
