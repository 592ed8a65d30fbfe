import { Readable } from "node:stream";
import type { Context } from "hono";
import type { ApiEnv } from "../http/context";
import { xlsxStream, type SheetSource } from "./xlsx-writer";

/** A workbook download, streamed as it is written. */
export function xlsxResponse(c: Context<ApiEnv>, filename: string, sheets: SheetSource[]): Response {
  const body = Readable.toWeb(xlsxStream(sheets)) as ReadableStream<Uint8Array>;
  return c.body(body, 200, {
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
  });
}
