import "server-only";
import { isCronAuthorized } from "@/lib/http/cron-auth";
import { unauthorized } from "@/lib/http/errors";
import type { Operation } from "@/lib/http/contract";
import { withRouteErrors } from "@/lib/http/route-errors";

// Every route handler under app/api is made from the operations that document it: endpointRoute
// (lib/http/api-route.ts) from its endpoint, operationRoute from the operations of a route that
// cannot go through the API wrapper (sign-in, the unsubscribe link, the scheduler's call, providers'
// webhooks, health, the document itself). Each handler remembers its operations, so a test can prove
// that every handler a route file exports is declared, and serves the method and path it declares.

const declared = new WeakMap<object, readonly Operation[]>();

/** Records the operations a route handler serves; returns the handler. */
export function declareOperations<Handler extends object>(handler: Handler, operations: readonly Operation[]): Handler {
  declared.set(handler, operations);
  return handler;
}

/** The operations a route handler was made from; empty for a handler made without any. */
export function operationsOfHandler(handler: object): readonly Operation[] {
  return declared.get(handler) ?? [];
}

/**
 * A route handler outside the API wrapper, for the operations it serves (one, or several when one
 * handler answers several: next-auth's). withRouteErrors gives it the request id and the error
 * shape; an operation whose access is `cron` is refused without the scheduler's secret before the
 * handler runs. Any other credential (a signed token, a provider's signature) is the handler's.
 */
export function operationRoute<Req extends Request, Rest extends unknown[]>(
  operations: Operation | readonly Operation[],
  handler: (req: Req, ...rest: Rest) => Response | Promise<Response>,
): (req: Req, ...rest: Rest) => Promise<Response> {
  const list = Array.isArray(operations) ? operations : [operations];
  const cronOnly = list.length > 0 && list.every((operation) => operation.access === "cron");
  const guarded = cronOnly
    ? (req: Req, ...rest: Rest) => {
        if (!isCronAuthorized(req)) throw unauthorized("Unauthorized");
        return handler(req, ...rest);
      }
    : handler;
  return declareOperations(withRouteErrors(guarded), list);
}
