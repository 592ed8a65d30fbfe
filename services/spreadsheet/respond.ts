import { Readable } from "node:stream";
import type { Context } from "hono";
import type { ApiEnv } from "../http/context";
import { xlsxStream, type SheetSource } from "./xlsx-writer";

type Rows = SheetSource["rows"];

/** The rows with the first already read (its error thrown here), then the rest as they come. */
async function withFirstRead(rows: Rows): Promise<Rows> {
  const iterator = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    try {
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A download given up on ends its source's reads too.
      await iterator.return?.();
    }
  })();
}

/**
 * A workbook download, streamed as it is written. Each sheet's first row is read before the answer begins, so
 * a query that fails at once (a filter the database refuses) is an error answer, never a 200 cut off mid-file.
 */
export async function xlsxResponse(c: Context<ApiEnv>, filename: string, sheets: SheetSource[]): Promise<Response> {
  const ready: SheetSource[] = [];
  for (const sheet of sheets) ready.push({ ...sheet, rows: await withFirstRead(sheet.rows) });
  const body = Readable.toWeb(xlsxStream(ready)) as ReadableStream<Uint8Array>;
  return c.body(body, 200, {
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
  });
}
