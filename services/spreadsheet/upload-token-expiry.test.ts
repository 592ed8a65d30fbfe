import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportRowsPage } from "../../lib/contract/imports";
import { authMessages } from "../../lib/contract/messages";
import type { AuthResult } from "../../lib/contract/user";
import { createTestApi, type TestApi } from "../test/harness";
import { expectError, expectOk } from "../test/helpers";
import { workbooks } from "../test/workbooks";

const header = ["Name", "Description", "Address", "Local Government", "Category"];
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The portal streams a large upload to the API as it arrives and cannot send it twice, so the API's part
 * of the contract is that the access token is checked once, when the request starts: a token that was
 * valid then and expires while the file is still coming in does not fail the upload (issue 36, item 6).
 * That holds whether the upload says its length (Content-Length, as a browser's form does) or is sent in
 * chunks without one.
 */
describe("an upload whose access token expires while it is sent", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ ACCESS_TOKEN_TTL_SECONDS: 1 });
  });
  afterAll(() => api.close());

  /** A sign-in whose one-second token (whole seconds, as JWTs count) still has at least 400 ms to live. */
  async function freshSignIn(): Promise<AuthResult> {
    for (;;) {
      const signedIn = await api.loginAdmin(1);
      if (signedIn.accessTokenExpiresAt - Date.now() >= 400) return signedIn;
      await pause(200);
    }
  }

  /** A spreadsheet upload whose multipart body comes in two halves `gapMs` apart. */
  async function slowUpload(token: string, gapMs: number, { withLength }: { withLength: boolean }) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(workbooks.csv([header, ["Slow Upload School", "", "1 Road", "Agege", "Primary"]]))]), "slow.csv");
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const half = Math.floor(bytes.length / 2);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 0) controller.enqueue(bytes.slice(0, half));
        else {
          await pause(gapMs);
          controller.enqueue(bytes.slice(half));
          controller.close();
        }
        sent++;
      },
    });
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, "content-type": encoded.headers.get("content-type") ?? "" };
    if (withLength) headers["content-length"] = String(bytes.length);
    return api.district.app.request("/school/upload-multiple", { method: "POST", headers, body, duplex: "half" } as RequestInit);
  }

  for (const withLength of [true, false]) {
    const how = withLength ? "with its length" : "in chunks, without a length";
    it(`is staged when the token was valid as the upload began, however long the file then takes (sent ${how})`, async () => {
      const admin = await freshSignIn();
      const staged = await expectOk<ImportRowsPage>(await slowUpload(admin.authorizationToken, 2_500, { withLength }), 201);
      // The token expired a good while before the file's second half came in.
      expect(Date.now() - admin.accessTokenExpiresAt).toBeGreaterThan(1_000);
      expect(staged.rows.map((r) => r.data.name)).toEqual(["Slow Upload School"]);
    });

    it(`is refused with 451 at once, without waiting for the file, when the token has already expired as it begins (sent ${how})`, async () => {
      const expired = await api.loginAdmin(1);
      await pause(Math.max(0, expired.accessTokenExpiresAt - Date.now()) + 1_100);
      const started = Date.now();
      await expectError(await slowUpload(expired.authorizationToken, 3_000, { withLength }), 451, authMessages.tokenExpired);
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  }
});
