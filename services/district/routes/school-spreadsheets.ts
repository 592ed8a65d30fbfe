import { z } from "zod";
import { uuidParam } from "../../../lib/contract/fields";
import { importMessages, MAX_SPREADSHEET_BYTES } from "../../../lib/contract/imports";
import { successNotices } from "../../../lib/contract/messages";
import { assertSameDistrict, requires } from "../../http/access";
import type { Api } from "../../http/api";
import { confirmImport } from "../../spreadsheet/confirm";
import { xlsxResponse } from "../../spreadsheet/respond";
import { stageImport } from "../../spreadsheet/stage";
import { dropRow, editRow, findImport, rejectedRows, rowsPage } from "../../spreadsheet/staged-rows";
import { saveUpload } from "../../spreadsheet/upload-file";
import { schoolEntity } from "../imports/school-entity";

const tag = "Schools";
const importParams = z.object({ id: uuidParam });
const rowParams = z.object({ id: uuidParam, rowId: uuidParam });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  only: z.enum(["all", "invalid"]).default("all"),
});

/** The spreadsheet side of schools: template, two-step upload with a preview to fix, and the download. */
export function schoolSpreadsheetRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/school/template",
      summary: "An xlsx template: the columns with an example row, and the allowed categories and local governments on a second sheet",
      tag,
      access: requires("school.upload"),
    },
    async (c) => {
      const context = await schoolEntity.context(c.get("deps").db, c.get("actor").districtId);
      const allowed = schoolEntity.allowedValues(context);
      const longest = Math.max(...Object.values(allowed).map((v) => v.length));
      const allowedRows = [Object.keys(allowed), ...Array.from({ length: longest }, (_, i) => Object.values(allowed).map((values) => values[i] ?? ""))];
      return xlsxResponse(c, "schools-template.xlsx", [
        { name: "Schools", rows: [schoolEntity.columns.map((col) => col.header), schoolEntity.columns.map((col) => col.example)] },
        { name: "Allowed values", rows: allowedRows },
      ]);
    },
  );

  route(
    {
      method: "POST",
      path: "/school/upload-multiple",
      summary: `Step one: upload an .xlsx or .csv (multipart field 'file', at most ${MAX_SPREADSHEET_BYTES / 1024 / 1024} MB). Every row is validated and staged: ImportRowsPage with the first 50 rows`,
      tag,
      access: requires("school.upload"),
      rawBody: true,
      maxBodyBytes: MAX_SPREADSHEET_BYTES + 1024 * 1024,
      tooLargeMessage: importMessages.tooLarge,
    },
    async (c) => {
      const { db } = c.get("deps");
      const actor = c.get("actor");
      const file = await saveUpload(c.req.raw);
      try {
        const summary = await stageImport(db, actor, schoolEntity, file);
        const record = await findImport(db, actor, schoolEntity.entity, summary.importId);
        return c.json(await rowsPage(db, schoolEntity, record, 1, 50, false), 201);
      } finally {
        await file.remove();
      }
    },
  );

  route(
    {
      method: "GET",
      path: "/school/imports/:id/rows",
      summary: "A page of staged rows with their errors (only=invalid for those in error): ImportRowsPage",
      tag,
      access: requires("school.upload"),
      params: importParams,
      query: pageQuery,
    },
    async (c, { params, query }) => {
      const { db } = c.get("deps");
      const record = await findImport(db, c.get("actor"), schoolEntity.entity, params.id);
      return c.json(await rowsPage(db, schoolEntity, record, query.page, query.limit, query.only === "invalid"));
    },
  );

  route(
    {
      method: "PATCH",
      path: "/school/imports/:id/rows/:rowId",
      summary: "Fix a staged row. Body: { data: { column: value } }. The row validated again: { row }",
      tag,
      access: requires("school.upload"),
      params: rowParams,
      body: z.object({ data: z.record(z.string().max(60), z.string().max(1000)) }),
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const record = await findImport(db, c.get("actor"), schoolEntity.entity, params.id);
      return c.json({ row: await editRow(db, schoolEntity, record, params.rowId, body.data) });
    },
  );

  route(
    {
      method: "DELETE",
      path: "/school/imports/:id/rows/:rowId",
      summary: "Drop a staged row: { message }",
      tag,
      access: requires("school.upload"),
      params: rowParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const record = await findImport(db, c.get("actor"), schoolEntity.entity, params.id);
      await dropRow(db, schoolEntity, record, params.rowId);
      return c.json({ message: importMessages.rowDropped });
    },
  );

  route(
    {
      method: "GET",
      path: "/school/imports/:id/rejected",
      summary: "The rows still in error as an xlsx, with an Errors column",
      tag,
      access: requires("school.upload"),
      params: importParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const record = await findImport(db, c.get("actor"), schoolEntity.entity, params.id);
      return xlsxResponse(c, "schools-rejected.xlsx", [{ name: "Rejected rows", rows: rejectedRows(db, schoolEntity, record) }]);
    },
  );

  route(
    {
      method: "POST",
      path: "/school/create-multiple-schools",
      summary:
        "Step two: create every staged school in one transaction, all or nothing. Body: { importId }. A retry creates nothing twice: { message, created, alreadyConfirmed }",
      tag,
      access: requires("school.upload"),
      body: z.object({ importId: uuidParam }),
    },
    async (c, { body }) => c.json(await confirmImport(c.get("deps").db, c.get("actor"), schoolEntity, body.importId, successNotices.schoolsUploaded)),
  );

  route(
    {
      method: "GET",
      path: "/school/download",
      summary: "The district's schools as schools.xlsx, streamed; every value a text cell, never a formula. Query: district[0] (the caller's when left out)",
      tag,
      access: requires("school.download"),
      query: z.object({ "district[0]": uuidParam.optional() }),
    },
    (c, { query }) => {
      const actor = c.get("actor");
      const districtId = query["district[0]"] ?? actor.districtId;
      assertSameDistrict(actor, districtId);
      return xlsxResponse(c, "schools.xlsx", [{ name: "Schools", rows: schoolEntity.exportRows(c.get("deps").db, districtId) }]);
    },
  );
}
