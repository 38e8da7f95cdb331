import { notFound } from "@/lib/http/errors";
import { withRouteErrors } from "@/lib/http/route-errors";

// Any /api path no route file serves, by any method: the API's own 404 `{ code, message }`, not
// the HTML page a browser gets (Next's router prefers every other route over this catch-all). No
// session is read: an address that does not exist answers the same to everyone.
const unknownPath = withRouteErrors(async (): Promise<Response> => {
  throw notFound("There is no API endpoint at this path.");
});

export const GET = unknownPath;
export const HEAD = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;
export const OPTIONS = unknownPath;
