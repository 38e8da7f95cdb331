import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { env } from "@/lib/env";
import { errorResponse, HttpError, httpErrorResponse } from "@/lib/http/errors";
import { logError } from "@/lib/log/log";
import { HSTS } from "@/lib/http/security-headers";

// Every route handler's last line of defence: the API wrapper (lib/http/api-route.ts) runs inside it, and so do
// the routes that cannot use the wrapper (next-auth, login/logout, unsubscribe, the Stripe webhook,
// cron, health, the developer mailbox). A typed HttpError becomes its status + {code, message}, a
// zod error 400 `validation_failed` with its first message; anything else is logged once as one JSON
// line with a request id and answered 500 `internal_error` with a generic message carrying that id.

type RequestInfo = { requestId: string; method: string; path: string };

const requestInfo = new AsyncLocalStorage<RequestInfo>();

/** Logs an error of the request being handled (one JSON line with its id) where the request still gets an answer. */
export function logRequestError(error: unknown, code?: string): void {
  logError({ ...(requestInfo.getStore() ?? { requestId: randomUUID(), method: "-", path: "-" }), code, error });
}

/** The id of the request being handled (for answers that quote it). */
export function currentRequestId(): string {
  return requestInfo.getStore()?.requestId ?? randomUUID();
}

function withTransportSecurity(response: Response): Response {
  if (!env.secureCookies) return response;
  // Copied: some responses (Response.redirect) have immutable headers.
  const secured = new Response(response.body, response);
  secured.headers.set(HSTS.key, HSTS.value);
  return secured;
}

export function withRouteErrors<Req extends Request, Rest extends unknown[]>(
  handler: (req: Req, ...rest: Rest) => Response | Promise<Response>,
): (req: Req, ...rest: Rest) => Promise<Response> {
  return async (req, ...rest) => {
    const clientId = req.headers.get("x-request-id");
    const info: RequestInfo = {
      // A client's id is kept only when it is short and plain: it ends up in log lines.
      requestId: clientId && /^[\w.:-]{1,100}$/.test(clientId) ? clientId : randomUUID(),
      method: req.method,
      path: new URL(req.url).pathname,
    };
    const response = await requestInfo.run(info, async () => {
      try {
        return await handler(req, ...rest);
      } catch (error) {
        if (error instanceof HttpError) return httpErrorResponse(error);
        if (error instanceof z.ZodError)
          return errorResponse(400, "validation_failed", error.issues[0]?.message ?? "Invalid input");
        logError({ ...info, error });
        return errorResponse(
          500,
          "internal_error",
          `Something went wrong on our side. Please try again. (request ${info.requestId})`,
          undefined,
          info.requestId,
        );
      }
    });
    return withTransportSecurity(response);
  };
}
