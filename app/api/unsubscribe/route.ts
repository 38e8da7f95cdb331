import { UNSUBSCRIBE_OPERATIONS } from "@/lib/digests/contract";
import { operationRoute } from "@/lib/http/operation-route";
import { handleOneClickUnsubscribe, redirectToUnsubscribePage } from "@/lib/digests/unsubscribe";

// Not behind the same-origin API wrapper: mail providers POST here from their own servers (RFC 8058).
export const POST = operationRoute(UNSUBSCRIBE_OPERATIONS.oneClick, (req: Request) => handleOneClickUnsubscribe(req));

// Opening the link changes nothing: it leads to the confirmation page.
export const GET = operationRoute(UNSUBSCRIBE_OPERATIONS.open, (req: Request) => redirectToUnsubscribePage(req));
