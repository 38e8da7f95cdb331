import { withRouteErrors } from "@/lib/http/route-errors";
import { handleOneClickUnsubscribe, redirectToUnsubscribePage } from "@/lib/digests/unsubscribe";

// Not behind the same-origin API wrapper: mail providers POST here from their own servers (RFC 8058).
export const POST = withRouteErrors((req: Request) => handleOneClickUnsubscribe(req));

// Opening the link changes nothing: it leads to the confirmation page.
export const GET = withRouteErrors((req: Request) => redirectToUnsubscribePage(req));
