import { handleOneClickUnsubscribe, redirectToUnsubscribePage } from "@/lib/unsubscribe";

// Not behind the same-origin API wrapper: mail providers POST here from their own servers (RFC 8058).
export const POST = (req: Request) => handleOneClickUnsubscribe(req);

// Opening the link changes nothing: it leads to the confirmation page.
export const GET = (req: Request) => redirectToUnsubscribePage(req);
