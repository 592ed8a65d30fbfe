import * as z from "zod/mini";
import { apiKeyHeader } from "../../lib/contract/billing-values";
import type { Access } from "./access";
import type { RegisteredRoute } from "./api";

function jsonSchema(schema: z.ZodMiniType): unknown {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
}

/** `/staff/view-staff/:id` → `/staff/view-staff/{id}` */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** The access rule as the document states it: `school.view`, `own record or staff.view`, `signedIn`, ... */
function accessOf(access: Access): string {
  if (access.kind === "operation") return [access.operation, ...(access.or ?? [])].join(" or ");
  if (access.kind === "ownRecordOr") return `own record or ${access.operation}`;
  return access.kind;
}

/** OpenAPI 3.1 from the route registry, so the document cannot drift from the routes. */
export function buildOpenApi(info: { title: string; version: string }, routes: RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ["path", r.params],
      ["query", r.query],
    ] as const) {
      if (!(schema instanceof z.ZodMiniObject)) continue;
      for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodMiniType>)) {
        parameters.push({ name, in: where, required: where === "path" || !field.safeParse(undefined).success, schema: jsonSchema(field) });
      }
    }
    const operation: Record<string, unknown> = {
      summary: r.summary,
      tags: [r.tag],
      "x-access": accessOf(r.access),
      ...(r.shell ? { "x-open-before-approval": true } : {}),
      security: r.access.kind === "public" ? [] : r.access.kind === "apiKey" ? [{ apiKey: [] }] : [{ bearer: [] }],
      parameters,
      responses: { default: { description: "JSON; errors are { message, code, issues? }" } },
    };
    if (r.body) operation.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(r.body) } } };
    if (r.rawBody) operation.requestBody = { required: true, content: { "multipart/form-data": {} } };
    (paths[openApiPath(r.path)] ??= {})[r.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" }, apiKey: { type: "apiKey", in: "header", name: apiKeyHeader } },
    },
    paths,
  };
}
