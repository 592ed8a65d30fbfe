import * as z from "zod/mini";
import { upTo, uuidParam, wholeNumber } from "../../lib/contract/fields";
import { existingModes, importMessages, MAX_SPREADSHEET_BYTES } from "../../lib/contract/imports";
import type { Operation } from "../../lib/contract/permissions";
import { inWorkedDistrict, requestedDistrict, scopeInDistrict } from "../db/scope";
import { requires } from "../http/access";
import type { Api } from "../http/api";
import { confirmImport } from "./confirm";
import type { DownloadQuery, EntityDefinition } from "./entity";
import { chooseExisting, dropRowsWithError } from "./import-choices";
import { xlsxResponse } from "./respond";
import { stageImport } from "./stage";
import { dropRow, editRow, findImport, rejectedRows, rowsPage } from "./staged-rows";
import { saveUpload } from "./upload-file";

/** How one entity's spreadsheet routes are named and guarded; everything else is the engine's. */
export type SpreadsheetRoutes<C, P, Q extends DownloadQuery> = {
  entity: EntityDefinition<C, P, Q>;
  tag: string;
  /** The resource's path prefix, e.g. `/school`: template, imports and download hang below it. */
  base: string;
  upload: { path: string; operation: Operation };
  /** `:id` in the path names the import (`/staff/create-multiple/:id`); otherwise the body's `importId` does. */
  confirm: { path: string; successMessage: string };
  /** `filters`: what the entity's download query adds to district[0], for the API's description. */
  download: { operation: Operation; filters?: string };
  /** File names: `schools` gives schools.xlsx, schools-template.xlsx and schools-rejected.xlsx. */
  fileStem: string;
};

const importParams = z.object({ id: uuidParam });
const rowParams = z.object({ id: uuidParam, rowId: uuidParam });
const pageQuery = z.object({
  page: z._default(wholeNumber("Page must be a whole number from 1.", 1), 1),
  limit: z._default(wholeNumber("Limit must be a whole number from 1 to 500.", 1, 500), 50),
  only: z._default(z.enum(["all", "invalid", "updates"], { error: "Only must be all, invalid or updates." }), "all"),
});
const confirmQuery = z.object({ rows: z._default(z.enum(["all", "valid"], { error: "Rows must be all or valid." }), "all") });

/**
 * Mounts an entity's spreadsheet routes: the template, the two-step upload with its preview to fix
 * (rows, fix, drop, rejected rows) and confirm, and the download. Every entity gets the same behaviour.
 */
export function mountSpreadsheetRoutes<C, P, Q extends DownloadQuery>({ route }: Api, spec: SpreadsheetRoutes<C, P, Q>) {
  const { entity, tag, base, fileStem } = spec;
  const uploadAccess = requires(spec.upload.operation);

  route(
    {
      method: "GET",
      path: `${base}/template`,
      summary: "An xlsx template: the columns with an example row, and the allowed values on a second sheet",
      tag,
      access: uploadAccess,
    },
    async (c) => {
      const context = await entity.context(c.get("deps").db, inWorkedDistrict(c.get("scope")));
      const allowed = entity.allowedValues(context);
      const longest = Math.max(0, ...Object.values(allowed).map((v) => v.length));
      const allowedRows = [Object.keys(allowed), ...Array.from({ length: longest }, (_, i) => Object.values(allowed).map((values) => values[i] ?? ""))];
      return xlsxResponse(c, `${fileStem}-template.xlsx`, [
        { name: entity.sheetName, rows: [entity.columns.map((col) => col.header), entity.columns.map((col) => col.example)] },
        { name: "Allowed values", rows: allowedRows },
      ]);
    },
  );

  route(
    {
      method: "POST",
      path: spec.upload.path,
      summary: `Step one: upload an .xlsx or .csv (multipart field 'file', at most ${MAX_SPREADSHEET_BYTES / 1024 / 1024} MB). Every row is validated and staged: ImportRowsPage with the first 50 rows`,
      tag,
      access: uploadAccess,
      rawBody: true,
      maxBodyBytes: MAX_SPREADSHEET_BYTES + 1024 * 1024,
      tooLargeMessage: importMessages.tooLarge,
    },
    async (c) => {
      const { db } = c.get("deps");
      const scope = inWorkedDistrict(c.get("scope"));
      const file = await saveUpload(c.req.raw);
      try {
        const summary = await stageImport(db, scope, c.get("actor"), entity, file);
        const record = await findImport(db, scope, entity.entity, summary.importId);
        return c.json(await rowsPage(db, entity, record, 1, 50, "all", c.get("actor")), 201);
      } finally {
        await file.remove();
      }
    },
  );

  route(
    {
      method: "GET",
      path: `${base}/imports/:id/rows`,
      summary:
        "A page of staged rows with their errors, each new, an update of the existing record its key names (with the record's value of each changed cell) or unchanged (only=invalid for those in error, only=updates for the updates): ImportRowsPage",
      tag,
      access: uploadAccess,
      params: importParams,
      query: pageQuery,
    },
    async (c, { params, query }) => {
      const { db } = c.get("deps");
      const record = await findImport(db, c.get("scope"), entity.entity, params.id);
      return c.json(await rowsPage(db, entity, record, query.page, query.limit, query.only, c.get("actor")));
    },
  );

  route(
    {
      method: "PATCH",
      path: `${base}/imports/:id/rows/:rowId`,
      summary: "Fix a staged row. Body: { data: { column: value } }. The row validated again: { row }",
      tag,
      access: uploadAccess,
      params: rowParams,
      body: z.object({ data: z.record(upTo(60), upTo(1000)) }),
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const record = await findImport(db, scope, entity.entity, params.id);
      return c.json({ row: await editRow(db, scopeInDistrict(scope, record.districtId), entity, record, params.rowId, body.data) });
    },
  );

  route(
    { method: "DELETE", path: `${base}/imports/:id/rows/:rowId`, summary: "Drop a staged row: { message }", tag, access: uploadAccess, params: rowParams },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const record = await findImport(db, scope, entity.entity, params.id);
      await dropRow(db, scopeInDistrict(scope, record.districtId), entity, record, params.rowId);
      return c.json({ message: importMessages.rowDropped });
    },
  );

  route(
    {
      method: "POST",
      path: `${base}/imports/:id/drop-rows`,
      summary: "Drop every staged row with this error: Body { column, message } as a row's errors show them. { message, dropped }",
      tag,
      access: uploadAccess,
      params: importParams,
      body: z.object({ column: upTo(60), message: upTo(1000) }),
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const record = await findImport(db, scope, entity.entity, params.id);
      const dropped = await dropRowsWithError(db, scopeInDistrict(scope, record.districtId), entity, record, body);
      return c.json({ message: importMessages.rowsDropped(dropped), dropped });
    },
  );

  route(
    {
      method: "PATCH",
      path: `${base}/imports/:id`,
      summary:
        "What confirming does with rows whose key names an existing record in the caller's scope. Body { existing: update (apply their changes, as the edit form would), skip, or error (hold them as rows in error) }: ImportRowsPage's first page",
      tag,
      access: uploadAccess,
      params: importParams,
      body: z.object({ existing: z.enum(existingModes, { error: "Existing must be update, skip or error." }) }),
    },
    async (c, { params, body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const record = await findImport(db, scope, entity.entity, params.id);
      await chooseExisting(db, scopeInDistrict(scope, record.districtId), entity, record, body.existing);
      return c.json(await rowsPage(db, entity, await findImport(db, scope, entity.entity, params.id), 1, 50, "all", c.get("actor")));
    },
  );

  route(
    {
      method: "GET",
      path: `${base}/imports/:id/rejected`,
      summary: "The rows still in error as an xlsx, with an Errors column",
      tag,
      access: uploadAccess,
      params: importParams,
    },
    async (c, { params }) => {
      const { db } = c.get("deps");
      const record = await findImport(db, c.get("scope"), entity.entity, params.id);
      return xlsxResponse(c, `${fileStem}-rejected.xlsx`, [{ name: "Rejected rows", rows: rejectedRows(db, entity, record) }]);
    },
  );

  const confirmSummary =
    "Step two: create every staged row and apply the updates (or skip them, as the import's existing choice says) in one transaction, all or nothing; rows=valid creates the valid rows and leaves those in error. A row whose record was changed, or whose key was taken, since the upload is refused (409 naming it; the row shows why). A retry creates nothing twice: { message, created, updated, alreadyConfirmed }";
  if (spec.confirm.path.includes(":id")) {
    route(
      {
        method: "POST",
        path: spec.confirm.path,
        summary: `${confirmSummary}. :id is the upload's importId`,
        tag,
        access: uploadAccess,
        params: importParams,
        query: confirmQuery,
      },
      async (c, { params, query }) =>
        c.json(await confirmImport(c.get("deps"), c.get("scope"), c.get("actor"), entity, params.id, spec.confirm.successMessage, query.rows)),
    );
  } else {
    route(
      {
        method: "POST",
        path: spec.confirm.path,
        summary: `${confirmSummary}. Body: { importId }`,
        tag,
        access: uploadAccess,
        body: z.object({ importId: uuidParam }),
        query: confirmQuery,
      },
      async (c, { body, query }) =>
        c.json(await confirmImport(c.get("deps"), c.get("scope"), c.get("actor"), entity, body.importId, spec.confirm.successMessage, query.rows)),
    );
  }

  route(
    {
      method: "GET",
      path: `${base}/download`,
      summary: `The records as ${fileStem}.xlsx, streamed, in the template's columns (it imports back); every value a text cell, never a formula. Query: district[0] (the caller's when left out)${spec.download.filters ? `, ${spec.download.filters}` : ""}`,
      tag,
      access: requires(spec.download.operation),
      query: entity.exportQuery,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const districtId = await requestedDistrict(db, scope, query["district[0]"]);
      return xlsxResponse(c, `${fileStem}.xlsx`, [{ name: entity.sheetName, rows: entity.exportRows(db, scopeInDistrict(scope, districtId), query) }]);
    },
  );
}
