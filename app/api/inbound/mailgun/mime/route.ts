import { operationRoute } from "@/lib/http/operation-route";
import { MAILGUN_OPERATIONS } from "@/lib/inbound-mail/contract";
import { handleMailgunInbound } from "@/lib/inbound-mail/mailgun-webhook";

// Not behind the API wrapper: Mailgun posts from its own servers, without a session or an Origin;
// the signature over timestamp and token is what authenticates the request. The path ends in
// "mime" so that Mailgun posts the raw message (its rule for forward() URLs).
export const POST = operationRoute(MAILGUN_OPERATIONS.inbound, (req: Request) => handleMailgunInbound(req));
