import { withRouteErrors } from "@/lib/http/route-errors";
import { handleMailgunInbound } from "@/lib/inbound-mail/mailgun-webhook";

// Not behind the API wrapper: Mailgun posts from its own servers, without a session or an Origin;
// the signature over timestamp and token is what authenticates the request. The path ends in
// "mime" so that Mailgun posts the raw message (its rule for forward() URLs).
export const POST = withRouteErrors((req: Request) => handleMailgunInbound(req));
