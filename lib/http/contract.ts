import "server-only";
import { z } from "zod";
import type { Tag } from "@/lib/api-docs/tags";
import type { TokenScope } from "@/lib/auth/token-scopes";
import type { ErrorCode, ErrorStatus } from "@/lib/http/error-codes";

// What an /api endpoint is, said once: its method and path, who may call it, what it reads, what it
// answers and the error codes it can answer. The OpenAPI document is rendered from these; a domain's
// contract.ts declares its endpoints with defineEndpoint and its route handlers take them
// (endpointRoute in lib/http/api-route.ts), so the handler's input and answer types come from the same
// schemas the document shows.

export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call it. `token`: a personal API token or the session; `session`: the session only;
 * `app`: an app's OAuth access token (given for an app password) or a personal API token, never the
 * session; `public`: anyone (a session, when sent, may change the answer); `cron`: the scheduler's
 * secret; `signature`: a provider's signature (Stripe's over the body, Mailgun's over its timestamp
 * and token).
 */
export type Access = "token" | "session" | "app" | "public" | "cron" | "signature";

export type Body = {
  schema: z.ZodType;
  /** application/json unless said. */
  mediaType?: string;
  required?: boolean;
  description?: string;
  /** Also a plain HTML form's fields (each a string): a page that works without script posts one. */
  form?: boolean;
};

export type Answer = {
  description: string;
  schema?: z.ZodType;
  /** application/json when there is a schema, unless said. */
  mediaType?: string;
  /** Instead of schema and mediaType: one schema per media type, when the request picks one. */
  content?: Record<string, z.ZodType>;
  headers?: z.ZodObject;
};

export type Operation = {
  method: Method;
  /** The OpenAPI path: `{id}` for Next's `[id]`, `{nextauth}` for `[...nextauth]`. */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  /** Goes through lib/http/api-route.ts: the same-origin rule, the session or token, the JSON body. */
  wrapped: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: Body;
  answers: Partial<Record<number, Answer>>;
  /** The route's own refusals; the wrapper's and the 500 are added by errorsOf. */
  errors?: Partial<Record<ErrorStatus, ErrorCode[]>>;
};

const MUTATING: ReadonlySet<Method> = new Set(["post", "put", "patch", "delete"]);

/** Every error an operation can answer, by status: its own, the wrapper's, and the 500. */
export function errorsOf(operation: Operation): Partial<Record<ErrorStatus, ErrorCode[]>> {
  const errors: Partial<Record<ErrorStatus, ErrorCode[]>> = {};
  const add = (status: ErrorStatus, ...codes: ErrorCode[]) => {
    const known = errors[status] ?? [];
    errors[status] = [...known, ...codes.filter((code) => !known.includes(code))];
  };
  if (operation.wrapped) {
    const signedIn = operation.access === "session" || operation.access === "token" || operation.access === "app";
    if (signedIn) add(401, "unauthenticated");
    if (operation.access === "token" || operation.access === "app") add(401, "invalid_token");
    // A token without the operation's scope, or any token on a session-only operation.
    if (signedIn) add(403, "insufficient_scope");
    // An app's operation takes only a bearer token, which no other site's page sends by itself.
    if (MUTATING.has(operation.method) && operation.access !== "app") add(403, "cross_origin");
    if (operation.body?.mediaType === undefined && operation.body) add(400, "invalid_json", "validation_failed");
    else if (MUTATING.has(operation.method) && !operation.body) add(400, "validation_failed");
  }
  for (const [status, codes] of Object.entries(operation.errors ?? {})) add(errorStatus(Number(status)), ...codes);
  add(500, "internal_error");
  return errors;
}

function errorStatus(status: number): ErrorStatus {
  const statuses: ErrorStatus[] = [400, 401, 402, 403, 404, 405, 406, 409, 413, 422, 429, 500, 503];
  const known = statuses.find((candidate) => candidate === status);
  if (known === undefined) throw new Error(`${status} is not an error status`);
  return known;
}

/** The path parameter of a thing's id. */
export const idParam = (what: string) => z.object({ id: z.string().meta({ description: `The ${what}'s id.` }) });

/** The header of a redirect's answer. */
export const locationHeader = z.object({
  Location: z.string().meta({ description: "Where the browser goes next." }),
});

/**
 * Who may call an endpoint declared with defineEndpoint: the session, anyone, a token with a scope
 * (or the session), or an app with a scope (its access token or a personal token, no session).
 */
export type EndpointAccess = "session" | "public" | { token: TokenScope } | { app: TokenScope };

type SuccessStatus = 200 | 201 | 202;

/** The answer an endpoint's handler gives when it returns a plain value, not a Response. */
type Success<Schema extends z.ZodType> = Answer & { status: SuccessStatus; schema: Schema };

/** The answer of a handler that builds its own Response (a download, a stream): one schema per media type. */
type OwnSuccess = Omit<Answer, "schema" | "mediaType" | "content"> & {
  status: SuccessStatus;
  content: Record<string, z.ZodType>;
};

/**
 * One endpoint: the document's operation, with the body and success schemas kept by type so the
 * route's handler is typed by them. `answers` lists its other answers (a 200 beside a 201, say).
 * `upload` is a body the handler reads itself, as a stream; `ownQuery` a query it reads itself from
 * the URL (fields that count only beside another's value); both are documented, neither is read here.
 * Without a success schema (`content` instead), the handler answers with its own Response.
 */
export type Endpoint<
  BodySchema extends z.ZodType | undefined = z.ZodType | undefined,
  SuccessSchema extends z.ZodType | undefined = z.ZodType | undefined,
  ParamsSchema extends z.ZodObject | undefined = z.ZodObject | undefined,
  QuerySchema extends z.ZodObject | undefined = z.ZodObject | undefined,
  Who extends EndpointAccess = EndpointAccess,
> = Omit<Operation, "access" | "wrapped" | "body" | "answers" | "params" | "query"> & {
  access: Who;
  params?: ParamsSchema;
  query?: QuerySchema;
  body?: BodySchema extends z.ZodType ? Omit<Body, "schema"> & { schema: BodySchema } : undefined;
  upload?: Omit<Body, "form">;
  ownQuery?: z.ZodObject;
  success: SuccessSchema extends z.ZodType ? Success<SuccessSchema> : OwnSuccess;
  answers?: Operation["answers"];
};

/** Declares an endpoint, keeping its schemas' types for endpointRoute. */
export function defineEndpoint<
  BodySchema extends z.ZodType | undefined = undefined,
  SuccessSchema extends z.ZodType | undefined = undefined,
  ParamsSchema extends z.ZodObject | undefined = undefined,
  QuerySchema extends z.ZodObject | undefined = undefined,
  const Who extends EndpointAccess = EndpointAccess,
>(
  endpoint: Endpoint<BodySchema, SuccessSchema, ParamsSchema, QuerySchema, Who>,
): Endpoint<BodySchema, SuccessSchema, ParamsSchema, QuerySchema, Who> {
  return endpoint;
}

/** An endpoint as the API document lists it. */
export function operationOf(endpoint: Endpoint): Operation {
  const { access, success, answers, body, upload, params, query, ownQuery, ...described } = endpoint;
  const { status, ...answer } = success;
  const documentedQuery = query ?? ownQuery;
  const documentedBody = body ?? upload;
  return {
    ...described,
    access: typeof access === "string" ? access : "app" in access ? "app" : "token",
    wrapped: true,
    ...(params ? { params } : {}),
    ...(documentedQuery ? { query: documentedQuery } : {}),
    ...(documentedBody ? { body: documentedBody } : {}),
    answers: { ...answers, [status]: answer },
  };
}
