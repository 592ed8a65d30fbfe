import { describe, expect, it } from "vitest";
import { testServiceConfig } from "../config";
import type { Db } from "../db/client";
import { createMailer, type MailWriter } from "./mailer";

/**
 * A flush resolves with the sender idle: the pass of a nudge asked for before it (a send's) is part of it, not left
 * to run afterwards, when it could take a message written after the flush or find the database closed.
 */
describe("the mailer's flush", () => {
  it("includes the pass of a nudge asked for before it", async () => {
    let claims = 0;
    // A database where nothing is ever due: each pass is one claim that finds no row.
    const db = {
      execute: () => {
        claims++;
        return Promise.resolve([]);
      },
    } as unknown as Db;
    const writer = { insert: () => ({ values: () => Promise.resolve() }) } as unknown as MailWriter;
    const mailer = createMailer(testServiceConfig(), db);

    await mailer.send(writer, { to: "flush@example.org", subject: "Flush", body: "Hello." });
    await mailer.flush();
    const byFlush = claims;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(byFlush).toBeGreaterThan(0);
    expect(claims).toBe(byFlush);
  });
});
