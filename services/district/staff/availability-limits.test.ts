import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import { demoPasswords } from "../../db/demo-data";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";

/**
 * The availability checks answer about every district (e-mail, phone and username are unique across
 * the product), so they must not be a directory: a limited number of questions per user per window,
 * and usernames only for those who create staff.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ AVAILABILITY_LIMIT_PER_USER: 30 });
});
afterAll(() => api.close());

describe("availability checks", () => {
  it("are limited per user, whatever address they come from", async () => {
    // Someone who may ask (creating and updating staff): district 1's administrator.
    const asker = await api.loginAdmin(1);
    for (let i = 0; i < 30; i++) {
      await expectOk(
        await api.call("GET", `/staff/email-exists/probe${i}%40example.org`, {
          token: asker.authorizationToken,
          headers: { "x-portal-client-ip": `10.0.0.${i}` },
        }),
      );
    }
    await expectError(await api.call("GET", "/staff/phone-number-exists/8030000001", { token: asker.authorizationToken }), 429, authMessages.tooManyAttempts);
    // Another user still has their own allowance.
    const other = await api.loginAdmin(2);
    await expectOk(await api.call("GET", "/staff/email-exists/someone%40example.org", { token: other.authorizationToken }));
  });

  it("answer usernames only to those who create staff", async () => {
    const teacher = await api.login("ibrahim.bello@example.org", demoPasswords.staff);
    await expectError(await api.call("GET", "/staff/username-exists/admined1", { token: teacher.authorizationToken }), 403, authMessages.forbidden);
    const admin = await api.loginAdmin(2);
    expect((await expectOk<{ exists: boolean }>(await api.call("GET", "/staff/username-exists/admined1", { token: admin.authorizationToken }))).exists).toBe(
      true,
    );
  });
});
