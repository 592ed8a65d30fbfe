import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { bodyLimit } from "hono/body-limit";
import { authMessages } from "../../lib/contract/messages";
import { authenticate } from "../auth/authenticate";
import { authenticateApiKey, clientScope } from "../auth/api-key";
import { clientIpOf, priorityOf } from "../auth/client-ip";
import { HANDSHAKE_HEADER, verifyHandshake } from "../auth/handshake";
import { checkAccess, checkDistrictActive, type Access } from "./access";
import { loggedShedding, createAdmission } from "./admission";
import { acceptRequestId, newRequestId, REQUEST_ID_HEADER } from "../../lib/contract/request-id";
import { logFor } from "../observability/log";
import { watchAdmission } from "../observability/metrics";
import { accessLine } from "./access-line";
import { scopeOf } from "../db/scope";
import type { ApiEnv, Deps } from "./context";
import { AppError, renderError } from "./errors";
import { assertMediaType, parse, queryObject, readJson, type Out, type Schema } from "./request-input";
import { buildOpenApi } from "./openapi";

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export type RouteSpec<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined> = {
  method: Method;
  /** Hono path syntax, e.g. `/staff/view-staff/:id` */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  /** The route reads a multipart or binary body itself. */
  rawBody?: boolean;
  /** The largest body the route takes; JSON routes take MAX_JSON_BODY_BYTES. */
  maxBodyBytes?: number;
  /** What to tell a caller whose body is larger (an upload names its own limit). */
  tooLargeMessage?: string;
  /**
   * The shell needs it (who is signed in, one's own record, the district's profile and images), so it
   * stays open to staff of a district that is not Active; every other route answers them 403.
   */
  shell?: true;
  /** Never refused for load (health checks: a load balancer must always get an answer). */
  unmetered?: true;
  /** Runs before the body is read, within admission control: a public form's limit refuses a caller before its bytes are taken in. */
  beforeBody?: (c: Context<ApiEnv>) => Promise<void>;
};

export type RegisteredRoute = Omit<RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>, never>;

export type Input<B, Q, P> = { body: Out<B>; query: Out<Q>; params: Out<P> };

/**
 * No request is worked on longer than the portal waits for the longest (LONG_UPSTREAM_TIMEOUT_MS, 5 min):
 * a slot held a minute past that is lost, not busy.
 */
const WEDGED_AFTER_MS = 6 * 60_000;

/**
 * One API (district or billing): a Hono app plus the registry of its routes. Routes are added only
 * through `route`, which authenticates, checks the declared access, and validates input with zod.
 */
export function createApi(deps: Deps, info: { title: string; version: string }) {
  const app = new Hono<ApiEnv>();
  const routes: RegisteredRoute[] = [];
  const service = info.title.split(" ")[0]?.toLowerCase() ?? "api";
  const log = logFor(`${service} api`);

  app.onError((error, c) => renderError(error, c));
  app.notFound((c) => c.json({ message: "No such endpoint.", code: "not_found" }, 404));
  app.use("*", async (c, next) => {
    // The portal's request id (or a new one): in every line this request logs, and in the answer.
    const requestId = acceptRequestId(c.req.header(REQUEST_ID_HEADER)) ?? newRequestId();
    const began = performance.now();
    c.set("deps", deps);
    c.set("clientIp", clientIpOf(c, deps.config.INTERNAL_SECRET));
    c.set("log", log.child({ requestId }));
    try {
      await next();
    } finally {
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
      accessLine(c, { service, began });
    }
  });
  // Load shedding: a request beyond what the process can serve promptly is refused at once (503), never queued for long.
  const admission = createAdmission(
    { maxInFlight: deps.config.API_MAX_IN_FLIGHT, maxQueue: deps.config.API_MAX_QUEUE, maxWaitMs: deps.config.API_QUEUE_WAIT_MS },
    loggedShedding(log),
  );
  watchAdmission(service, admission);
  const admitted = createMiddleware(async (c, next) => {
    // A client that leaves while its request waits takes it out of the queue (its signal aborts).
    const signal = c.req.raw.signal;
    const release = await admission.admit({ priority: priorityOf(c, deps.config.INTERNAL_SECRET), signal });
    if (!release) throw new AppError("busy", authMessages.busy);
    if (signal.aborted) {
      release();
      throw new AppError("busy", authMessages.busy);
    }
    try {
      await next();
    } finally {
      release();
    }
  });
  const unmetered = createMiddleware(async (_c, next) => next());
  // Each route has its own body limit: JSON routes the configured one, uploads what they declare.
  const limitFor = (maxSize: number, message: string = authMessages.bodyTooLarge) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError("too_large", message);
      },
    });

  function route<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined>(
    spec: RouteSpec<B, Q, P>,
    handler: (c: Context<ApiEnv>, input: Input<B, Q, P>) => Response | Promise<Response>,
  ) {
    routes.push(spec);
    const limit = limitFor(spec.maxBodyBytes ?? deps.config.MAX_JSON_BODY_BYTES, spec.tooLargeMessage);
    const named = createMiddleware<ApiEnv>(async (c, next) => {
      c.set("route", spec.path);
      await next();
    });
    const authenticated = createMiddleware<ApiEnv>(async (c, next) => {
      if (spec.access.kind === "apiKey") {
        // A service client: its key, not a staff token, and its district's scope.
        const client = await authenticateApiKey(c);
        c.set("apiClient", client);
        c.set("scope", clientScope(client));
      } else if (spec.access.kind !== "public") {
        const actor = await authenticate(c);
        const request = { params: c.req.param(), query: queryObject(c) };
        checkDistrictActive(actor, spec, request);
        checkAccess(actor, spec.access, request);
        c.set("actor", actor);
        c.set("scope", scopeOf(actor));
      }
      await next();
    });
    const handle = async (c: Context<ApiEnv>) => {
      assertMediaType(c, spec);
      const params = parse(spec.params, c.req.param());
      const query = parse(spec.query, queryObject(c));
      const body = spec.body ? parse(spec.body, await readJson(c)) : (undefined as Out<B>);
      return handler(c, { body, query, params } as Input<B, Q, P>);
    };
    // An upload's token is checked as it starts, before its body limit reads anything: a body sent without
    // a length is read whole by the limit, so a token checked after it would be refused once the file is in
    // when it expired on the way (the portal streams large uploads and cannot send them twice), and a
    // caller without a token or the permission would have the API take in the whole file first.
    const { beforeBody } = spec;
    if (beforeBody)
      app.on(
        spec.method,
        spec.path,
        named,
        admitted,
        authenticated,
        createMiddleware<ApiEnv>(async (c, next) => (await beforeBody(c), next())),
        limit,
        handle,
      );
    else if (spec.rawBody) app.on(spec.method, spec.path, named, unmetered, authenticated, limit, handle);
    else app.on(spec.method, spec.path, named, limit, spec.unmetered ? unmetered : admitted, authenticated, handle);
  }

  route(
    {
      method: "GET",
      path: "/health",
      summary: "Liveness, and whether the database answers within a second: { status, database }",
      tag: "Health",
      access: { kind: "public" },
      unmetered: true,
    },
    async (c) => c.json({ status: "ok", database: await databaseHealth(deps) }),
  );
  route(
    {
      method: "GET",
      path: "/livez",
      summary: "The process answers: { status: 'alive' }",
      tag: "Health",
      access: { kind: "public" },
      unmetered: true,
    },
    (c) => c.json({ status: "alive" }),
  );
  route(
    {
      method: "GET",
      path: "/readyz",
      summary:
        "Whether this process can serve: 503 while it drains (SIGTERM), when the database is unavailable, or when every request slot has been held past any request's deadline. { status, database, inFlight, waiting, shed, abandoned, oldestHeldMs }",
      tag: "Health",
      access: { kind: "public" },
      unmetered: true,
    },
    async (c) => {
      const database = await databaseHealth(deps);
      const wedged = admission.wedged(WEDGED_AFTER_MS);
      if (wedged) log.error("not ready: every request slot has been held past any request's deadline");
      const life = deps.lifecycle?.state() ?? "ready";
      const status = life !== "ready" ? life : wedged ? "wedged" : database === "unavailable" ? "unavailable" : "ready";
      c.header("Cache-Control", "no-store");
      return c.json({ status, database, ...admission.stats() }, status === "ready" ? 200 : 503);
    },
  );
  route(
    {
      method: "GET",
      path: "/internal/handshake",
      summary:
        "The portal's check at start that it shares INTERNAL_SECRET: header x-portal-handshake '<ms>.<HMAC-SHA256 of the time>'. { trusted: true }; 401 when the signature is not this API's",
      tag: "Health",
      access: { kind: "public" },
      unmetered: true,
    },
    (c) => {
      if (!verifyHandshake(c.req.header(HANDSHAKE_HEADER), deps.config.INTERNAL_SECRET))
        throw new AppError("unauthenticated", "The portal's INTERNAL_SECRET is not this API's.");
      return c.json({ trusted: true });
    },
  );
  route({ method: "GET", path: "/openapi.json", summary: "This document", tag: "Health", access: { kind: "public" } }, (c) =>
    c.json(buildOpenApi(info, routes)),
  );

  return { app, route, routes, admission };
}

export type Api = ReturnType<typeof createApi>;

/**
 * The process answers whatever the database is doing: a database that is busy (the embedded one works
 * one query at a time) or gone is reported, not waited for, so a health check never hangs.
 */
async function databaseHealth(deps: Deps): Promise<"ok" | "busy" | "unavailable"> {
  let timer: NodeJS.Timeout | undefined;
  const busy = new Promise<"busy">((resolve) => (timer = setTimeout(() => resolve("busy"), 1_000)));
  const answer = deps.db.execute("select 1").then(
    () => "ok" as const,
    () => "unavailable" as const,
  );
  try {
    return await Promise.race([answer, busy]);
  } finally {
    clearTimeout(timer);
  }
}
