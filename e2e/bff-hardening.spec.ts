import { request as httpRequest } from "node:http";
import { accounts, expect, test } from "./support/fixtures";
import { portalUrl, testPorts } from "./support/ports";

type RawAnswer = { status: number; body: string };

/**
 * A request sent exactly as written (no URL normalisation, as `curl --path-as-is` sends it), with an
 * optional body streamed in chunks without a Content-Length.
 */
function raw(method: string, path: string, headers: Record<string, string>, body?: string | { chunks: number; chunk: string }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "localhost", port: testPorts.portal, method, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8") }));
    });
    req.on("error", (error) => {
      // The server may answer and close before a large body is all sent.
      if ((error as NodeJS.ErrnoException).code === "EPIPE" || (error as NodeJS.ErrnoException).code === "ECONNRESET") resolve({ status: -1, body: "" });
      else reject(error);
    });
    if (typeof body === "string") req.end(body);
    else if (body) {
      let sent = 0;
      const pump = () => {
        while (sent < body.chunks) {
          sent++;
          if (!req.write(body.chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    } else req.end();
  });
}

/**
 * The next request after a refused upload, as a browser makes it: the server may close the connection it
 * refused the upload on, and a GET sent on that pooled connection as it closes is sent again on a new one
 * (browsers do so by themselves). Any other failure, or a second reset, fails the test.
 */
async function nextGet(url: string, cookie: string): Promise<Response> {
  try {
    return await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(20_000) });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "ECONNRESET" && code !== "UND_ERR_SOCKET") throw error;
    return fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(20_000) });
  }
}

// "An upload refused before it is read…" hung to its timeout twice in full runs, never alone (nor in about 140 repeats):
// this file's short tests are traced from their first attempt, and that test's calls are bounded, so that the next
// failure shows the step that waited.
test.use({ trace: { mode: "retain-on-failure", screenshots: false } });

test.describe("the BFF's doors", () => {
  test("the catch-all refuses dot segments and never hands out tokens @stack", async ({ page, signIn }) => {
    await signIn(accounts.teacher("yetunde.lawal@example.org"));
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const headers = { cookie, origin: portalUrl, "content-type": "application/json" };
    const credentials = JSON.stringify({ identifier: accounts.admin1.email, password: accounts.admin1.password });
    for (const path of [
      "/api/district/x/../auth/login",
      "/api/district/x/%2e%2e/auth/login",
      "/api/district/x/%2E%2E/auth/login",
      "/api/district/school/./../auth/login",
      "/api/district/x/..%2Fauth%2Flogin",
      "/api/district/x%2F..%2Fauth%2Flogin",
      "/api/district/auth%2Flogin",
      "/api/district/x/%2e%2e%2fauth/login",
      "/api/district//auth/login",
    ]) {
      const answer = await raw("POST", path, headers, credentials);
      expect(answer.body, path).not.toContain("authorizationToken");
      expect(answer.body, path).not.toContain("refreshToken");
      // Refused, or (for //) redirected to the normalised path, which the catch-all refuses in turn.
      expect([308, 400, 404], `${path}: ${answer.status} ${answer.body}`).toContain(answer.status);
    }
    // Only the APIs' resources are reachable: not their health check or their description.
    expect((await raw("GET", "/api/district/openapi.json", { cookie })).status).toBe(404);
    expect((await raw("GET", "/api/district/auth/me", { cookie })).status).toBe(200);
  });

  test("a public call's body is read with a byte cap, whatever its headers say @stack", async () => {
    const started = Date.now();
    const answer = await raw(
      "POST",
      "/api/auth/login",
      { origin: portalUrl, "content-type": "application/json", "transfer-encoding": "chunked" },
      { chunks: 400, chunk: `{"pad":"${"x".repeat(16_000)}",` },
    );
    // Refused as too large (or cut off once the cap is passed), never buffered whole and parsed.
    expect([413, -1], `${answer.status} ${answer.body}`).toContain(answer.status);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  test("a body refused for its size does not break the next request, the same user's or another's @demo @writes", async ({ browser, page, signIn }) => {
    await signIn(accounts.teacher("kelechi.okeke@example.org"));
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(accounts.teacher("segun.afolabi@example.org"), { page: otherPage });
    const cookieOf = async (p: typeof page) => (await p.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const [mine, theirs] = [await cookieOf(page), await cookieOf(otherPage)];
    const big = JSON.stringify({ name: "x".repeat(3_000_000), address: "1 Road", localGovernment: "Agege", category: "Primary" });
    for (let round = 0; round < 10; round++) {
      const chunked = round % 2 === 1;
      const body = chunked
        ? new ReadableStream<Uint8Array>({
            start(controller) {
              const bytes = new TextEncoder().encode(big);
              for (let i = 0; i < bytes.length; i += 64_000) controller.enqueue(bytes.subarray(i, i + 64_000));
              controller.close();
            },
          })
        : big;
      const refused = await fetch(`${portalUrl}/api/district/school/add`, {
        method: "POST",
        headers: { cookie: mine, origin: portalUrl, "content-type": "application/json" },
        body,
        ...(chunked ? { duplex: "half" } : {}),
      } as RequestInit).catch((error: unknown) => error);
      if (refused instanceof Response) {
        expect(refused.status, `round ${round}`).toBe(413);
        await refused.body?.cancel();
      }
      for (const cookie of [mine, theirs]) {
        const next = await fetch(`${portalUrl}/api/district/auth/me`, { headers: { cookie } });
        expect(next.status, `round ${round}: ${await next.text()}`).toBe(200);
      }
    }
    await other.close();
  });

  test("an upload refused before it is read gets its refusal, not a failed connection, and the next request works @demo @writes", async ({
    browser,
    page,
    signIn,
  }) => {
    await signIn(accounts.teacher("kelechi.okeke@example.org"));
    const teacher = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const upload = async (cookie: string, bytes: number) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)]), "schools.xlsx");
      const answer = await fetch(`${portalUrl}/api/district/school/upload-multiple`, {
        method: "POST",
        body: form,
        headers: { cookie, origin: portalUrl },
        signal: AbortSignal.timeout(20_000),
      });
      return { status: answer.status, message: ((await answer.json()) as { message: string }).message };
    };
    // No permission to upload: refused before a byte of the file is read.
    expect(await upload(teacher, 10_000_000)).toEqual({ status: 403, message: "You do not have permission to do this." });
    expect((await nextGet(`${portalUrl}/api/district/auth/me`, teacher)).status).toBe(200);

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signIn(accounts.admin2, { page: adminPage });
    const admin = (await adminPage.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    // Larger than any workbook may be: refused by the API's limit halfway through.
    expect(await upload(admin, 25_000_000)).toEqual({ status: 413, message: "The file is larger than 20 MB. Split it into smaller files." });
    expect((await nextGet(`${portalUrl}/api/district/auth/me`, admin)).status).toBe(200);
    await adminContext.close();
  });
});
