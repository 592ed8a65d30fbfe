import { describe, expect, it } from "vitest";
import { apiKeyHeader, billingMessages, type IssuedApiKey } from "../../lib/contract/billing-values";
import { districtStatusRefusal } from "../../lib/contract/messages";
import { demoPasswords } from "../db/demo-data";
import { randomId } from "../test/helpers";
import { probes } from "./enforcement-probes";
import { enforcementTest, label, random, valueOf, type Walked } from "./enforcement-test-support";
import { nextProbeNumber, type IdOf } from "./probes/probe";

describe("permission enforcement on every route: API keys", () => {
  const { world, foreign } = enforcementTest();

  /** Calls an API-key route with its probe inputs, the key in its header (none: no header) and, if given, a bearer token besides. */
  function keyRequest(w: Walked, key: string | null, id: IdOf, bearer?: string): Promise<Response> {
    const probe = probes[w.key] ?? {};
    const path = w.route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const value = probe.params?.[name];
      return encodeURIComponent(value ? valueOf(value, id) : "probe");
    });
    const body = probe.body?.(id);
    return Promise.resolve(
      w.app.request(path, {
        method: w.route.method,
        headers: {
          ...(key === null ? {} : { [apiKeyHeader]: key }),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }

  it("authenticates API-key routes by the key alone: no key, a staff token or a revoked key is 401, a key of a district not Active 403, a valid key its own district only", async () => {
    const keyRoutes = world.walked.filter((x) => x.route.access.kind === "apiKey");
    expect(keyRoutes.map((w) => w.key)).toEqual(["POST /service/report-card-charge"]);
    const issue = async (districtId: string) => {
      const response = await world.api.billing.app.request("/api-clients", {
        method: "POST",
        headers: { authorization: `Bearer ${world.superAdmin.authorizationToken}`, "content-type": "application/json" },
        body: JSON.stringify({ districtId, name: `Enforcement probe ${nextProbeNumber()}` }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as IssuedApiKey;
    };
    const revoke = async (id: string) => {
      const response = await world.api.billing.app.request(`/api-clients/${id}/revoke`, {
        method: "POST",
        headers: { authorization: `Bearer ${world.superAdmin.authorizationToken}` },
      });
      expect(response.status).toBe(200);
    };
    const admin3 = await world.api.login("admin.ed3@example.org", demoPasswords.admin);
    const [live, revoked, unverified] = await Promise.all([issue(world.d1), issue(world.d1), issue(admin3.staff.district.id)]);
    await revoke(revoked.client.id);
    const failures: string[] = [];
    const expectStatus = async (what: string, response: Promise<Response>, status: number, message?: string) => {
      const answer = await response;
      const body = (await answer.json()) as { message?: string };
      if (answer.status !== status || (message !== undefined && body.message !== message)) failures.push(`${what}: ${answer.status} ${body.message}`);
    };
    for (const w of keyRoutes) {
      await expectStatus(`${label(w)} without a key`, keyRequest(w, null, random), 401, billingMessages.invalidApiKey);
      await expectStatus(
        `${label(w)} with a staff token and no key`,
        keyRequest(w, null, random, world.superAdmin.authorizationToken),
        401,
        billingMessages.invalidApiKey,
      );
      await expectStatus(`${label(w)} with a made-up key`, keyRequest(w, `rpk_${randomId()}`, random), 401, billingMessages.invalidApiKey);
      await expectStatus(`${label(w)} with a revoked key`, keyRequest(w, revoked.key, random), 401, billingMessages.invalidApiKey);
      await expectStatus(`${label(w)} with a key of a district not Active`, keyRequest(w, unverified.key, random), 403, districtStatusRefusal("Unverified"));
      const admitted = await keyRequest(w, live.key, random);
      if ([400, 401, 403].includes(admitted.status) || admitted.status >= 500)
        failures.push(`${label(w)} with a valid key: ${admitted.status} ${await admitted.text()}`);
      await expectStatus(`${label(w)} with a valid key and district 2's ids`, keyRequest(w, live.key, foreign), 404);
    }
    expect(failures).toEqual([]);
  });
});
