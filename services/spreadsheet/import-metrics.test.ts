import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importMessages, type ImportConfirmed, type ImportRowsPage } from "../../lib/contract/imports";
import type { AuthResult } from "../../lib/contract/user";
import { createTestApi, type TestApi } from "../test/harness";
import { expectError, expectOk } from "../test/helpers";
import { countOf } from "../test/metrics";
import { workbooks } from "../test/workbooks";

/** The import metrics move with confirms: rows created or left by a failed confirm, and each confirm timed by outcome. */
describe("import metrics", () => {
  let api: TestApi;
  let admin: AuthResult;
  beforeAll(async () => {
    api = await createTestApi();
    admin = await api.loginAdmin(1);
  });
  afterAll(() => api.close());

  const header = ["Name", "Description", "Address", "Local Government", "Category"];
  const school = (address: string) => [`Metrics School ${randomBytes(4).toString("hex")}`, "", address, "Agege", "Primary"];
  const stage = async (rows: string[][]) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(workbooks.csv([header, ...rows]))]), "schools.csv");
    return expectOk<ImportRowsPage>(await api.call("POST", "/school/upload-multiple", { token: admin.authorizationToken, form }), 201);
  };
  const confirm = (importId: string) => api.call("POST", "/school/create-multiple-schools", { token: admin.authorizationToken, body: { importId } });
  const figures = async () => ({
    created: await countOf("import_rows_total", { kind: "school", outcome: "created" }),
    failed: await countOf("import_rows_total", { kind: "school", outcome: "failed" }),
    successes: await countOf("import_confirm_duration_seconds_count", { kind: "school", outcome: "success" }),
    failures: await countOf("import_confirm_duration_seconds_count", { kind: "school", outcome: "failure" }),
  });

  it("counts the rows a confirm creates and times it as a success; a repeated confirm creates nothing more", async () => {
    const page = await stage([school("1 Metrics Road"), school("2 Metrics Road")]);
    const before = await figures();
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toMatchObject({ created: 2, alreadyConfirmed: false });
    expect(await figures()).toEqual({ ...before, created: before.created + 2, successes: before.successes + 1 });
    expect(await expectOk<ImportConfirmed>(await confirm(page.importId))).toMatchObject({ created: 2, alreadyConfirmed: true });
    expect(await figures()).toEqual({ ...before, created: before.created + 2, successes: before.successes + 2 });
  });

  it("counts the staged rows of a confirm that fails, and times it as a failure", async () => {
    const page = await stage([school("3 Metrics Road"), school(""), school("5 Metrics Road")]);
    expect(page.invalidRows).toBe(1);
    const before = await figures();
    await expectError(await confirm(page.importId), 400, importMessages.fixFirst(1));
    expect(await figures()).toEqual({ ...before, failed: before.failed + 3, failures: before.failures + 1 });
  });
});
