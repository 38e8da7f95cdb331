import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { env } from "@/lib/env";
import { badRequest, forbidden, HttpError, unauthorized } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { logError } from "@/lib/request-log";
import { findSessionUser, sessionTokenFromRequest } from "@/lib/session";

// The one wrapper every /api route handler goes through: request id, same-origin check for
// mutations, session, JSON parsing with the route's zod schema, and typed errors -> status + {message}.

type RouteParams = Record<string, string | string[] | undefined>;
// Next passes no params (undefined) to routes without dynamic segments.
type NextRouteContext = { params: Promise<RouteParams | undefined> };

export type ApiContext<Body, U> = {
  req: Request;
  url: URL;
  params: Record<string, string>;
  body: Body;
  user: U;
  requestId: string;
};

type Result = Response | object;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function json(status: number, body: object, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

export function isSameOrigin(req: Request): boolean {
  return req.headers.get("origin") === env.appOrigin;
}

async function readBody<Body>(req: Request, schema: z.ZodType<Body>): Promise<Body> {
  // Without a Content-Type there is no payload (a bodiless POST or DELETE); Next still hands such
  // requests an empty body stream, so the header, not the stream, decides.
  const contentType = req.headers.get("content-type");
  let data: unknown;
  if (contentType !== null) {
    if (!/^application\/json\b/i.test(contentType)) {
      throw badRequest("Expected a JSON body (Content-Type: application/json).");
    }
    try {
      data = await req.json();
    } catch {
      throw badRequest("The request body is not valid JSON.");
    }
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  if (data === undefined) throw badRequest("Expected a JSON body (Content-Type: application/json).");
  throw badRequest(parsed.error.issues[0]?.message ?? "Invalid input");
}

function flattenParams(raw: RouteParams | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (typeof value === "string") params[key] = value;
    else if (Array.isArray(value)) params[key] = value.join("/");
  }
  return params;
}

function toResponse(result: Result): Response {
  return result instanceof Response ? result : json(200, result);
}

type Handler<Body, U> = (ctx: ApiContext<Body, U>) => Promise<Result>;
type RouteHandler = (req: Request, context?: NextRouteContext) => Promise<Response>;

function handle<Body, U>(
  schema: z.ZodType<Body>,
  resolveUser: (req: Request) => Promise<U>,
  handler: Handler<Body, U>,
): RouteHandler {
  return async (req, context) => {
    const requestId = req.headers.get("x-request-id") ?? randomUUID();
    const url = new URL(req.url);
    try {
      if (MUTATING.has(req.method) && !isSameOrigin(req)) throw forbidden("Cross-origin request refused.");
      const user = await resolveUser(req);
      const params = flattenParams(await context?.params);
      const body = await readBody(req, schema);
      return toResponse(await handler({ req, url, params, body, user, requestId }));
    } catch (error) {
      if (error instanceof HttpError) return json(error.status, { message: error.message }, error.headers);
      if (error instanceof z.ZodError) return json(400, { message: error.issues[0]?.message ?? "Invalid input" });
      logError({ requestId, method: req.method, path: url.pathname, error });
      return json(500, { message: `Something went wrong on our side. Please try again. (request ${requestId})`, requestId });
    }
  };
}

async function requireSessionUser(req: Request): Promise<User> {
  const user = await findSessionUser(sessionTokenFromRequest(req));
  if (!user) throw unauthorized();
  return user;
}

const noBody = z.undefined();

/** A route for signed-in users (401 without a session); with a schema, the JSON body it accepts. */
export function apiRoute(handler: Handler<undefined, User>): RouteHandler;
export function apiRoute<Body>(schema: z.ZodType<Body>, handler: Handler<Body, User>): RouteHandler;
export function apiRoute<Body>(first: z.ZodType<Body> | Handler<undefined, User>, second?: Handler<Body, User>) {
  if (typeof first === "function") return handle(noBody, requireSessionUser, first);
  if (!second) throw new Error("apiRoute(schema, handler): handler missing");
  return handle(first, requireSessionUser, second);
}

const optionalSessionUser = (req: Request) => findSessionUser(sessionTokenFromRequest(req));

/** A route anyone may call; `user` is the signed-in user or null. */
export function publicApiRoute(handler: Handler<undefined, User | null>): RouteHandler;
export function publicApiRoute<Body>(schema: z.ZodType<Body>, handler: Handler<Body, User | null>): RouteHandler;
export function publicApiRoute<Body>(
  first: z.ZodType<Body> | Handler<undefined, User | null>,
  second?: Handler<Body, User | null>,
) {
  if (typeof first === "function") return handle(noBody, optionalSessionUser, first);
  if (!second) throw new Error("publicApiRoute(schema, handler): handler missing");
  return handle(first, optionalSessionUser, second);
}
