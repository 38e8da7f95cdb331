import "server-only";
import type { z } from "zod";
import { findToken, isWorkingToken } from "@/lib/auth/api-tokens";
import { findAccessToken, isAccessTokenShaped } from "@/lib/app-passwords/grants";
import { INSUFFICIENT_SCOPE_MESSAGE, SESSION_ONLY_MESSAGE, type TokenScope } from "@/lib/auth/token-scopes";
import { env } from "@/lib/env";
import { badRequest, forbidden, unauthorized } from "@/lib/http/errors";
import type { User } from "@/lib/generated/prisma/client";
import { currentRequestId, withRouteErrors } from "@/lib/http/route-errors";
import { findSessionUser, sessionTokenFromRequest } from "@/lib/auth/session";
import { takeTurn } from "@/lib/http/user-turns";
import { operationOf, type Endpoint, type EndpointAccess } from "@/lib/http/contract";
import { declareOperations } from "@/lib/http/operation-route";

// The one wrapper every /api route handler goes through: same-origin check for mutations, session,
// JSON parsing with the route's zod schema; withRouteErrors adds the request id and maps typed
// errors to status + {code, message}.

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

const CROSS_ORIGIN_MESSAGE = "Cross-origin request refused.";

export function isSameOrigin(req: Request): boolean {
  return req.headers.get("origin") === env.appOrigin;
}

const EXPECTED_JSON_MESSAGE = "Expected a JSON body (Content-Type: application/json).";
const INVALID_JSON_MESSAGE = "The request body is not valid JSON.";
export const NO_BODY_MESSAGE = "This request takes no body: send none, or {} as application/json.";

/**
 * The request's Content-Type, or null when it carries no payload. Without a Content-Type there is
 * none (a bodiless POST or DELETE); Next still hands such requests an empty body stream, so the
 * header, not the stream, decides. A GET has none either way.
 */
function payloadType(req: Request): string | null {
  return req.method === "GET" || req.method === "HEAD" ? null : req.headers.get("content-type");
}

const isJson = (contentType: string) => /^application\/json\b/i.test(contentType);
const isForm = (contentType: string) => /^application\/x-www-form-urlencoded\b/i.test(contentType);

/** A plain HTML form's POST (application/x-www-form-urlencoded), which a page answers with a redirect. */
export function isFormPost(req: Request): boolean {
  const contentType = payloadType(req);
  return contentType !== null && isForm(contentType);
}

/** What a schema reads from a request's input; a 400 with the schema's first message when it refuses. */
function parseInput<Value>(schema: z.ZodType<Value>, data: unknown): Value {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  throw badRequest(parsed.error.issues[0]?.message ?? "Invalid input");
}

/** The JSON body a route's schema accepts. */
async function readBody<Body>(req: Request, schema: z.ZodType<Body>): Promise<Body> {
  const contentType = payloadType(req);
  let data: unknown;
  if (contentType !== null) {
    if (!isJson(contentType)) {
      throw badRequest(EXPECTED_JSON_MESSAGE, "invalid_json");
    }
    try {
      data = await req.json();
    } catch {
      throw badRequest(INVALID_JSON_MESSAGE, "invalid_json");
    }
  }
  // No payload at all: what the schema lets through (an optional body), else a request for JSON.
  if (data === undefined) {
    const parsed = schema.safeParse(undefined);
    if (parsed.success) return parsed.data;
    throw badRequest(EXPECTED_JSON_MESSAGE, "invalid_json");
  }
  return parseInput(schema, data);
}

/** A form's fields (each a string), as the route's schema accepts them. */
async function readFormFields<Body>(req: Request, schema: z.ZodType<Body>): Promise<Body> {
  return parseInput(schema, Object.fromEntries(new URLSearchParams(await req.text())));
}

/**
 * A route without a schema takes no options. No body, an empty one, and `{}` (what a client that
 * always sends JSON sends) all mean none; anything else is refused, saying what the route takes.
 */
async function readNoBody(req: Request): Promise<undefined> {
  const contentType = payloadType(req);
  if (contentType === null) return undefined;
  const text = await req.text();
  if (text.trim() === "") return undefined;
  if (isJson(contentType) && isEmptyObject(text)) return undefined;
  throw badRequest(NO_BODY_MESSAGE);
}

function isEmptyObject(json: string): boolean {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
  } catch {
    // Not JSON at all: not an empty object either.
    return false;
  }
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
  return result instanceof Response ? result : Response.json(result);
}

type Handler<Body, U> = (ctx: ApiContext<Body, U>) => Promise<Result>;
type RouteHandler = (req: Request, context?: NextRouteContext) => Promise<Response>;

// `bearer` is the request's bearer token when the route accepts one (else always null).
type ResolveUser<U> = (req: Request, bearer: string | null) => Promise<U>;

// How a route reads its input: a schema's JSON body, no body at all, or (an upload) not at all here.
type ReadInput<Body> = (req: Request) => Promise<Body>;

// An upload: the handler reads the body stream itself, so it must not be consumed here.
const leaveBody: ReadInput<undefined> = async () => undefined;

const withSchema =
  <Body>(schema: z.ZodType<Body>): ReadInput<Body> =>
  (req) =>
    readBody(req, schema);

// A page's plain HTML form posts its fields; anything else is read as the schema's JSON body.
const withSchemaOrForm =
  <Body>(schema: z.ZodType<Body>): ReadInput<Body> =>
  (req) =>
    isFormPost(req) ? readFormFields(req, schema) : readBody(req, schema);

function handle<Body, U extends User | null>(
  readInput: ReadInput<Body>,
  resolveUser: ResolveUser<U>,
  handler: Handler<Body, U>,
  options: { acceptsBearer?: boolean; bearerOnly?: boolean } = {},
): RouteHandler {
  return withRouteErrors(async (req: Request, context?: NextRouteContext) => {
    const bearer = options.acceptsBearer ? bearerToken(req) : null;
    if (options.bearerOnly && bearer === null) throw unauthorized(APP_SIGN_IN_MESSAGE);
    // The same-origin rule guards the ambient credential (the cookie); a bearer token is only ever
    // sent on purpose, so a script or an extension may use it from anywhere.
    if (bearer === null && MUTATING.has(req.method) && !isSameOrigin(req))
      throw forbidden(CROSS_ORIGIN_MESSAGE, "cross_origin");
    // A request's handlers take turns (lib/http/user-turns.ts): its credential's before the lookup,
    // its user's after. A visitor with neither has no one to wait for.
    const turns: (() => void)[] = [];
    try {
      const credential = bearer ?? sessionTokenFromRequest(req);
      if (credential) turns.push(await takeTurn({ credential }));
      const user = await resolveUser(req, bearer);
      if (user) turns.push(await takeTurn({ userId: user.id }));
      const params = flattenParams(await context?.params);
      const body = await readInput(req);
      return toResponse(
        await handler({ req, url: new URL(req.url), params, body, user, requestId: currentRequestId() }),
      );
    } finally {
      for (const giveBack of turns) giveBack();
    }
  });
}

// A session-only route: without a session, a working API token is told it has no scope here (403),
// anything else is signed out (401).
async function requireSessionUser(req: Request): Promise<User> {
  const user = await findSessionUser(sessionTokenFromRequest(req));
  if (user) return user;
  const bearer = bearerToken(req);
  if (bearer !== null && (await isWorkingToken(bearer))) throw forbidden(SESSION_ONLY_MESSAGE, "insufficient_scope");
  throw unauthorized();
}

/** The token of an `Authorization: Bearer …` header; null when the request has none. */
function bearerToken(req: Request): string | null {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(req.headers.get("authorization") ?? "");
  return match ? (match[1] ?? "").trim() : null;
}

// With a bearer token the token alone decides: a bad or revoked one is 401 even beside a session
// cookie, one without the route's scope 403.
const requireTokenOrSessionUser =
  (scope: TokenScope) =>
  async (req: Request, bearer: string | null): Promise<User> => {
    if (bearer === null) return requireSessionUser(req);
    const token = await findToken(bearer);
    if (!token) throw unauthorized("Invalid or revoked API token.", "invalid_token");
    if (!token.scopes.includes(scope)) throw forbidden(INSUFFICIENT_SCOPE_MESSAGE, "insufficient_scope");
    return token.user;
  };

export const APP_SIGN_IN_MESSAGE =
  "Sign in with an app password: send its access token as `Authorization: Bearer …` (or a personal API token).";

// An app's route: its OAuth access token (lib/app-passwords/grants.ts) or a personal token, with the
// scope; a bad, expired or revoked one is 401, one without the scope 403. The session is not read.
const requireAppUser =
  (scope: TokenScope) =>
  async (_req: Request, bearer: string | null): Promise<User> => {
    const token =
      bearer === null ? null : isAccessTokenShaped(bearer) ? await findAccessToken(bearer) : await findToken(bearer);
    if (!token) throw unauthorized("Invalid, expired or revoked access token.", "invalid_token");
    if (!token.scopes.includes(scope)) throw forbidden(INSUFFICIENT_SCOPE_MESSAGE, "insufficient_scope");
    return token.user;
  };

type Output<Schema extends z.ZodType | undefined, Otherwise> = Schema extends z.ZodType ? z.output<Schema> : Otherwise;

/** What a handler of a declared endpoint is given: its params, query and body as its schemas read them. */
export type EndpointContext<
  BodySchema extends z.ZodType | undefined,
  ParamsSchema extends z.ZodObject | undefined,
  QuerySchema extends z.ZodObject | undefined,
  Who extends EndpointAccess,
> = Omit<ApiContext<Output<BodySchema, undefined>, Who extends "public" ? User | null : User>, "params"> & {
  params: Output<ParamsSchema, Record<string, string>>;
  query: Output<QuerySchema, undefined>;
};

// Without a success schema the endpoint's success is the handler's own Response (its `content`).
type EndpointHandler<
  BodySchema extends z.ZodType | undefined,
  SuccessSchema extends z.ZodType | undefined,
  ParamsSchema extends z.ZodObject | undefined,
  QuerySchema extends z.ZodObject | undefined,
  Who extends EndpointAccess,
> = (
  ctx: EndpointContext<BodySchema, ParamsSchema, QuerySchema, Who>,
) => Promise<SuccessSchema extends z.ZodType ? z.input<SuccessSchema> | Response : Response>;

type LooseEndpointContext = Omit<ApiContext<unknown, User | null>, "params"> & { params: unknown; query: unknown };

/**
 * The route of a declared endpoint (lib/http/contract.ts): the endpoint says who may call it and what
 * it reads; a plain value the handler returns is answered with the endpoint's success status.
 */
export function endpointRoute<
  BodySchema extends z.ZodType | undefined,
  SuccessSchema extends z.ZodType | undefined,
  ParamsSchema extends z.ZodObject | undefined,
  QuerySchema extends z.ZodObject | undefined,
  Who extends EndpointAccess,
>(
  endpoint: Endpoint<BodySchema, SuccessSchema, ParamsSchema, QuerySchema, Who>,
  handler: EndpointHandler<BodySchema, SuccessSchema, ParamsSchema, QuerySchema, Who>,
): RouteHandler;
// The signature above types the handler by the endpoint's schemas; here they are only values.
export function endpointRoute(endpoint: Endpoint, handler: (ctx: LooseEndpointContext) => Promise<unknown>) {
  const { access, body, upload, params, query, success } = endpoint;
  const resolveUser =
    access === "public"
      ? optionalSessionUser
      : access === "session"
        ? requireSessionUser
        : "app" in access
          ? requireAppUser(access.app)
          : requireTokenOrSessionUser(access.token);
  const route = handle(
    upload ? leaveBody : body ? (body.form ? withSchemaOrForm(body.schema) : withSchema(body.schema)) : readNoBody,
    resolveUser,
    async (ctx) => {
      const answer = await handler({
        ...ctx,
        params: params ? parseInput(params, ctx.params) : ctx.params,
        // A repeated name in the query string: its last value.
        query: query ? parseInput(query, Object.fromEntries(ctx.url.searchParams)) : undefined,
      });
      return answer instanceof Response ? answer : Response.json(answer, { status: success.status });
    },
    { acceptsBearer: typeof access !== "string", bearerOnly: typeof access !== "string" && "app" in access },
  );
  return declareOperations(route, [operationOf(endpoint)]);
}

const optionalSessionUser = (req: Request) => findSessionUser(sessionTokenFromRequest(req));
