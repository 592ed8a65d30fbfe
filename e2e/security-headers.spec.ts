import { request as httpRequest } from "node:http";
import { accounts, expect, test } from "./support/fixtures";
import { testPorts } from "./support/ports";

/** A request with the Host header of the caller's choosing, which browsers never let a page pick but any other client can. */
function withHost(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "localhost", port: testPorts.portal, method, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

test.describe("security headers", () => {
  test("pages carry a nonce-based Content-Security-Policy; every response the other headers @smoke", async ({ page, request, signIn }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content.Security.Policy|Refused to (load|execute|apply)/i.test(message.text())) violations.push(message.text());
    });
    const login = await request.get("/login");
    const csp = login.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // A new nonce for every response, and Next's own scripts carry it.
    const again = /'nonce-([^']+)'/.exec((await request.get("/login")).headers()["content-security-policy"] ?? "")?.[1];
    expect(again).not.toBe(nonce);
    expect(await login.text()).toContain(`nonce="${nonce}"`);

    const staticFile = (await login.text()).match(/\/_next\/static\/[^"]+\.js/)?.[0] ?? "/favicon.ico";
    for (const path of ["/login", "/api/district/auth/me", staticFile]) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      // HSTS only over https (a deployment behind TLS); over plain http (the suite's own stack, a LAN
      // address) none, which would lock the address out.
      if (new URL(response.url()).protocol === "https:") expect(headers["strict-transport-security"], path).toBeDefined();
      else expect(headers["strict-transport-security"], path).toBeUndefined();
    }

    // The pages work under the policy: no violation while signing in and using the shell.
    await signIn(accounts.admin1);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("without PORTAL_URL a mutating request is accepted only from a loopback origin, whatever Host says @stack", async ({ page, signIn }) => {
    await signIn(accounts.teacher("aisha.yusuf@example.org"));
    const me = (await (await page.request.get("/api/district/auth/me")).json()) as { staff: { id: string } };
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const forged = await withHost(
      "POST",
      "/api/district/staff/confirm-email-change",
      { host: `evil.example:${testPorts.portal}`, origin: `http://evil.example:${testPorts.portal}`, cookie, "content-type": "application/json" },
      JSON.stringify({ code: "123456" }),
    );
    expect(forged.status, forged.body).toBe(403);
    expect(JSON.parse(forged.body).message).toBe("Request refused: it did not come from this portal.");
    expect(me.staff.id).toBeTruthy();
  });
});
