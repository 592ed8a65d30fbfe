import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../../lib/contract/messages";
import { demoPasswords } from "../../db/demo-data";
import { outbox } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk } from "../../test/helpers";

/**
 * The 15-minute limits allow 5 codes of 5 tries each per window, which adds up over a day. A daily
 * cap per account on codes sent and on wrong tries stops the slow guess; the account's e-mail is told;
 * signing in with the password is never locked (that would let anyone lock the owner out).
 */
let api: TestApi;
beforeAll(async () => {
  // The per-window limits out of the way, as a patient attacker spreading tries over a day would have them.
  api = await createTestApi({ RESET_LIMIT_PER_ACCOUNT: 1000, RESET_LIMIT_PER_IP: 1000 });
});
afterAll(() => api.close());

const requestCode = (email: string) => api.call("POST", `/reset-code/${encodeURIComponent(email)}`);
const mailsTo = async (email: string) => {
  await api.mailer.flush();
  return api.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt));
};

describe("daily caps on password reset", () => {
  it("stops sending codes to one account after ten in a day, tells the account, and sign-in still works", async () => {
    const email = "tunde.bakare@example.org";
    for (let i = 0; i < 10; i++) await expectOk(await requestCode(email));
    await expectError(await requestCode(email), 429, authMessages.resetPausedForToday);
    await expectError(await requestCode(email), 429, authMessages.resetPausedForToday);
    const notices = (await mailsTo(email)).filter((m) => m.subject === "Password reset paused for today");
    expect(notices).toHaveLength(1);
    await api.login(email, demoPasswords.staff);
  });

  it("stops taking codes for one account after twenty wrong tries in a day, even the right one", async () => {
    const email = "ngozi.obi@example.org";
    let last: { id: string; code: string } | undefined;
    for (let round = 0; round < 5; round++) {
      const { id } = await expectOk<{ id: string }>(await requestCode(email));
      const code = /\b(\d{6})\b/.exec((await mailsTo(email))[0]?.body ?? "")?.[1] ?? "";
      last = { id, code };
      for (let i = 0; i < 4; i++) {
        const wrong = code === "000000" ? "111111" : "000000";
        await expectError(
          await api.call("PATCH", "/staff/reset-password", { body: { resetCodeId: id, code: wrong, password: "Fresh#Start2026" } }),
          400,
          authMessages.invalidResetCode,
        );
      }
    }
    // Twenty wrong tries so far: the right code of the newest request is refused for today.
    if (!last) throw new Error("no code");
    await expectError(
      await api.call("PATCH", "/staff/reset-password", { body: { resetCodeId: last.id, code: last.code, password: "Fresh#Start2026" } }),
      429,
      authMessages.resetPausedForToday,
    );
    expect((await mailsTo(email)).some((m) => m.subject === "Password reset paused for today")).toBe(true);
    await api.login(email, demoPasswords.staff);
  });
});
