import { describe, expect, it } from "vitest";
import { importMessages, type ImportConfirmed } from "../../../lib/contract/imports";
import { authMessages } from "../../../lib/contract/messages";
import { staffRegisterMessages } from "../../../lib/contract/staff";
import { demoPasswords } from "../../db/demo-data";
import { expectError, expectOk, present } from "../../test/helpers";
import { readWorkbook, workbooks } from "../../test/workbooks";
import { workingAtAlimoshoLgea } from "../lgeas/test-fixtures";
import { AGEGE, ALIMOSHO, pupil, sheet, spreadsheetTest } from "./spreadsheet-test-support";

describe("student spreadsheets: who may upload, fix, confirm and download", () => {
  const { w, token, upload, uploadPupils, confirm, row } = spreadsheetTest();

  it("needs student.upload to upload, fix and confirm and student.download to download; another district's import is not found", async () => {
    // The Records Officer creates and updates pupils but does not upload or download them.
    const officer = await w.api.login("tunde.bakare@example.org", demoPasswords.staff);
    const t = officer.authorizationToken;
    await expectError(await upload(workbooks.csv(sheet([pupil()])), t), 403, authMessages.forbidden);
    await expectError(await w.api.call("GET", "/student/template", { token: t }), 403, authMessages.forbidden);
    await expectError(await w.api.call("GET", "/student/download", { token: t }), 403, authMessages.forbidden);
    const page = await uploadPupils([pupil()]);
    await expectError(await confirm(page.importId, t), 403, authMessages.forbidden);
    await expectError(
      await w.api.call("PATCH", `/student/imports/${page.importId}/rows/${present(page.rows[0]).id}`, { token: t, body: { data: {} } }),
      403,
      authMessages.forbidden,
    );

    const other = w.admin2.authorizationToken;
    const notFound = importMessages.importNotFound;
    const rowId = present(page.rows[0]).id;
    await expectError(await w.api.call("GET", `/student/imports/${page.importId}/rows`, { token: other }), 404, notFound);
    await expectError(await w.api.call("PATCH", `/student/imports/${page.importId}/rows/${rowId}`, { token: other, body: { data: {} } }), 404, notFound);
    await expectError(await w.api.call("DELETE", `/student/imports/${page.importId}/rows/${rowId}`, { token: other }), 404, notFound);
    await expectError(await w.api.call("GET", `/student/imports/${page.importId}/rejected`, { token: other }), 404, notFound);
    await expectError(await confirm(page.importId, other), 404, notFound);
    // A staff import is not a student import, even in one's own district.
    await expectError(await w.api.call("POST", `/staff/create-multiple/${page.importId}`, { token: token() }), 404, notFound);
    // District 2's schools are not district 1's.
    const elsewhere = await uploadPupils([pupil()], other);
    expect(present(elsewhere.rows[0]).errors).toEqual({ school: staffRegisterMessages.schoolUnknown });
  });

  it("lets an LGEA administrator upload pupils only to the LGEA's schools", async () => {
    // Funmilayo Ogunleye given the district's LGEA Administrator role at the Alimosho LGEA, working there.
    const lgeaToken = (await workingAtAlimoshoLgea(w.api, w.admin1)).authorizationToken;
    const [, allowed] = await readWorkbook(new Uint8Array(await (await w.api.call("GET", "/student/template", { token: lgeaToken })).arrayBuffer()));
    const schoolsAllowed = (allowed?.rows ?? [])
      .slice(1)
      .map((r) => r[4]?.value)
      .filter(Boolean);
    expect(schoolsAllowed).toEqual([ALIMOSHO]);
    const page = await uploadPupils([pupil(), pupil({ school: AGEGE, class: "SSS 1A", localGovernmentOfResidence: "Agege" })], lgeaToken);
    expect(row(page.rows, 2).valid).toBe(true);
    expect(row(page.rows, 3).errors).toEqual({ school: staffRegisterMessages.schoolUnknown });
    await expectOk(await w.api.call("DELETE", `/student/imports/${page.importId}/rows/${row(page.rows, 3).id}`, { token: lgeaToken }));
    expect((await expectOk<ImportConfirmed>(await confirm(page.importId, lgeaToken))).created).toBe(1);
  });
});
